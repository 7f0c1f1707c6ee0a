import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { leadsApi } from '@pxl/contract/leads/index';
import type { offerTestSchema } from '@pxl/contract/leads/leads.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type OfferTest = z.input<typeof offerTestSchema>;

/** Runs a test lead through an API offer's waterfall: sent to the buyers for real, never billed, no postback. */
export const testOffer = (body: OfferTest) => apiRequest(leadsApi.testOffer, { body });

export const useTestOffer = () => useMutation({ mutationFn: testOffer });
