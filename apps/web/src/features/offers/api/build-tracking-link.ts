import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { staffLinkInputSchema } from '@pxl/contract/offers/portal.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type TrackingLinkBody = z.input<typeof staffLinkInputSchema>;

export const buildOfferTrackingLink = (uuid: string, body: TrackingLinkBody) =>
  apiRequest(offersApi.trackingLink, { params: { uuid }, body });

export const useBuildTrackingLink = (uuid: string) =>
  useMutation({ mutationFn: (body: TrackingLinkBody) => buildOfferTrackingLink(uuid, body) });
