import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersPortalApi } from '@pxl/contract/offers/index';
import type { portalLinkInputSchema } from '@pxl/contract/offers/portal.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type PortalLinkBody = z.input<typeof portalLinkInputSchema>;

export const buildPortalTrackingLink = (id: number, body: PortalLinkBody) =>
  apiRequest(offersPortalApi.portalTrackingLink, { params: { id }, body });

/** The server builds the link so it checks access, landing status and the domain the same way the click will. */
export const useBuildTrackingLink = (id: number) =>
  useMutation({ mutationFn: (body: PortalLinkBody) => buildPortalTrackingLink(id, body) });
