import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { landingsApi } from '@pxl/contract/landings/index';
import type { landingInputSchema } from '@pxl/contract/landings/landings.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type LandingBody = z.output<typeof landingInputSchema>;

export const createLanding = (body: LandingBody) => apiRequest(landingsApi.create, { body });
export const updateLanding = (uuid: string, body: LandingBody) =>
  apiRequest(landingsApi.update, { params: { uuid }, body });

/** Create (no uuid) or edit; offers lists and pickers read landings too, so every landings query is refreshed. */
export function useSaveLanding(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LandingBody) => (uuid ? updateLanding(uuid, body) : createLanding(body)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['landings'] }),
        client.invalidateQueries({ queryKey: ['offers'] }),
      ]),
  });
}
