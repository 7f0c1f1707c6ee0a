import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import type { AffiliateDefaults } from '@pxl/contract/settings/settings.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { AFFILIATE_DEFAULTS_KEY } from './get-affiliate-defaults.ts';

export const updateAffiliateDefaults = (body: AffiliateDefaults) =>
  apiRequest(settingsApi.putAffiliateDefaults, { body });

export const useUpdateAffiliateDefaults = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAffiliateDefaults,
    onSuccess: (data) => {
      client.setQueryData(AFFILIATE_DEFAULTS_KEY, data);
      notifySuccess('Affiliate settings saved');
    },
  });
};
