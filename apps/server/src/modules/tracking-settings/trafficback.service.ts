import { DEFAULT_TRAFFICBACK_SETTINGS, trafficbackSettingsSchema } from '@pxl/contract';
import { settingsSection } from '../settings/index.ts';

/** Settings › Trafficback: stored and audited like the other settings sections (section 'trafficback'). */
export const trafficbackSettings = settingsSection(
  'trafficback',
  trafficbackSettingsSchema,
  DEFAULT_TRAFFICBACK_SETTINGS,
);
