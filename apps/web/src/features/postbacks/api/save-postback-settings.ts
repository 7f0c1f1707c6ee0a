import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import type { z } from 'zod';
import type { postbackSettingsInputSchema } from '@pxl/contract/postbacks/postbacks.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { POSTBACK_SETTINGS_KEY } from './get-postback-settings.ts';

export type PostbackSettingsInput = z.input<typeof postbackSettingsInputSchema>;

/** PUT replaces every URL of the affiliate: what is not sent is removed. */
export const savePostbackSettings = (body: PostbackSettingsInput) => apiRequest(postbacksApi.putSettings, { body });

export const useSavePostbackSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePostbackSettings,
    onSuccess: (data) => {
      client.setQueryData(POSTBACK_SETTINGS_KEY, data);
      notifySuccess('Postback settings saved');
    },
  });
};
