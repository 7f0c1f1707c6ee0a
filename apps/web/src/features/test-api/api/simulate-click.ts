import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { trackingApi } from '@pxl/contract/tracking/index';
import type { clickSimulationSchema } from '@pxl/contract/tracking/tracking.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ClickSimulation = z.input<typeof clickSimulationSchema>;

/** Decides a click like `/click/{offer}` does, on the same cached data, without recording or counting it. */
export const simulateClick = (body: ClickSimulation) => apiRequest(trackingApi.simulateClick, { body });

export const useSimulateClick = () => useMutation({ mutationFn: simulateClick });
