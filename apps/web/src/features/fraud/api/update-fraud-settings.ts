import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fraudApi } from '@pxl/contract/fraud/index';
import type { FraudSettings } from '@pxl/contract/fraud/fraud.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { FRAUD_SETTINGS_KEY } from './get-fraud-settings.ts';

export const updateFraudSettings = (body: FraudSettings) => apiRequest(fraudApi.putSettings, { body });

export const useUpdateFraudSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFraudSettings,
    onSuccess: (data) => {
      client.setQueryData(FRAUD_SETTINGS_KEY, data);
      notifySuccess('Fraud settings saved');
    },
  });
};
