import type { Landing } from '@pxl/contract/landings/landings.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { offerLabel } from './landing-labels.ts';
import type { Option } from '@pxl/contract/constants/options';

export type LandingFormValues = {
  name: string;
  type: string;
  url: string;
  preview_url: string;
  languages: string[];
  privacy: string;
  status: string;
  tags: string[];
  offer_uuids: string[];
};

export const landingToValues = (l?: Landing): LandingFormValues => ({
  name: l?.name ?? '',
  type: l?.type ?? 'landing',
  url: l?.url ?? '',
  preview_url: l?.preview_url ?? '',
  languages: l?.languages ?? [],
  privacy: l?.privacy ?? 'public',
  // A deleted landing shows its status read-only; the server refuses edits until it is restored.
  status: l?.status ?? 'moderation',
  tags: l?.tags ?? [],
  offer_uuids: l?.offers.map((o) => o.uuid) ?? [],
});

/** Labels of the landing's offers, so the picker names them before any search. */
export const attachedOfferOptions = (l?: Landing): Option[] =>
  (l?.offers ?? []).map((o) => ({ value: o.uuid, label: offerLabel(o) }));

export const landingBody = (v: LandingFormValues): Record<string, unknown> => ({
  ...v,
  name: v.name.trim(),
  url: v.url.trim(),
  preview_url: v.preview_url.trim(),
});

/** A field's message, also when the error names one item of it ("languages.1", "tags.0"). */
export const fieldError = (errors: FieldErrors, field: string): string | undefined =>
  errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
