import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import type { ContactValues } from '@/components/ui/messenger-link-inputs.tsx';

export type AdvertiserFormValues = {
  company: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  status: string;
  contacts: ContactValues;
  manager_uuid: string | null;
  notes: string;
};

export const advertiserToValues = (a?: Advertiser): AdvertiserFormValues => ({
  company: a?.company ?? '',
  first_name: a?.first_name ?? '',
  last_name: a?.last_name ?? '',
  email: a?.email ?? '',
  password: '',
  status: a?.status ?? 'active',
  contacts: { ...a?.contacts },
  manager_uuid: a?.manager?.uuid ?? null,
  notes: a?.notes ?? '',
});

export function advertiserBody(values: AdvertiserFormValues): Record<string, unknown> {
  const { contacts, manager_uuid, ...rest } = values;
  const filled = Object.fromEntries(
    Object.entries(contacts)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  );
  return { ...rest, contacts: filled, manager_uuid: manager_uuid || null };
}
