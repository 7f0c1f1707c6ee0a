import {
  DEFAULT_AFFILIATE_DEFAULTS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_REGISTRATION_SETTINGS,
  affiliateDefaultsSchema,
  generalSettingsSchema,
  registrationSettingsSchema,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { settingsSection } from './settings.store.ts';

export const generalSettings = settingsSection('general', generalSettingsSchema, DEFAULT_GENERAL_SETTINGS);
export const registrationSettings = settingsSection(
  'registration',
  registrationSettingsSchema,
  DEFAULT_REGISTRATION_SETTINGS,
);
export const affiliateDefaults = settingsSection('affiliates', affiliateDefaultsSchema, DEFAULT_AFFILIATE_DEFAULTS);

export const getGeneralSettings = (db: Db) => generalSettings.get(db);
