import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackingApi } from '@pxl/contract/tracking/index';
import type { Domain } from '@pxl/contract/tracking/tracking.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { DOMAINS_KEY } from './get-domains.ts';

/** Called after the list of names or the default changed (the screen refreshes the cached constants with it). */
export type OnDomainsChanged = () => void;

export const addDomain = (body: { name: string; is_default: boolean }) => apiRequest(trackingApi.addDomain, { body });
export const removeDomain = (uuid: string) => apiRequest(trackingApi.removeDomain, { params: { uuid } });
export const makeDefaultDomain = (uuid: string) => apiRequest(trackingApi.makeDefaultDomain, { params: { uuid } });
export const checkDomain = (uuid: string) => apiRequest(trackingApi.checkDomain, { params: { uuid } });

const useDomainMutation = <V>(
  run: (v: V) => Promise<unknown>,
  done: (v: V) => string,
  onChanged?: OnDomainsChanged,
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_data, v) => {
      notifySuccess(done(v));
      onChanged?.();
      await client.invalidateQueries({ queryKey: DOMAINS_KEY });
    },
  });
};

export const useAddDomain = (onChanged: OnDomainsChanged) =>
  useDomainMutation(addDomain, (v) => `${v.name.trim().toLowerCase()} added`, onChanged);
export const useRemoveDomain = (onChanged: OnDomainsChanged) =>
  useDomainMutation(
    (d: Domain) => removeDomain(d.uuid),
    (d) => `${d.name} removed`,
    onChanged,
  );
export const useMakeDefaultDomain = (onChanged: OnDomainsChanged) =>
  useDomainMutation(
    (d: Domain) => makeDefaultDomain(d.uuid),
    (d) => `${d.name} is now the default`,
    onChanged,
  );
/** A check changes no name, so the constants stay as they are. */
export const useCheckDomain = () =>
  useDomainMutation(
    (d: Domain) => checkDomain(d.uuid),
    (d) => `${d.name} checked`,
  );
