import { useMutation, useQueryClient } from '@tanstack/react-query';
import { landingsApi } from '@pxl/contract/landings/index';
import type { LandingStatus } from '@pxl/contract/landings/landings.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const changeLandingStatus = (uuid: string, status: LandingStatus) =>
  apiRequest(landingsApi.changeStatus, { params: { uuid }, body: { status } });

export function useChangeLandingStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: LandingStatus }) => changeLandingStatus(uuid, status),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['landings'] }),
        client.invalidateQueries({ queryKey: ['offers'] }),
      ]),
  });
}
