import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackingApi } from '@pxl/contract/tracking/index';
import type { TrafficbackSettings } from '@pxl/contract/tracking/tracking.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { TRAFFICBACK_KEY } from './get-trafficback.ts';

export const updateTrafficback = (body: TrafficbackSettings) => apiRequest(trackingApi.putTrafficback, { body });

export const useUpdateTrafficback = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTrafficback,
    onSuccess: (data) => {
      client.setQueryData(TRAFFICBACK_KEY, data);
      notifySuccess('Trafficback settings saved');
    },
  });
};
