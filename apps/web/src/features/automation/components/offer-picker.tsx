import { Select } from '@mantine/core';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { useOffer } from '../api/get-offer.ts';
import { useOfferSearch } from '@/lib/queries/offer-search.ts';

const label = (o: { id: number; title: string }) => `#${o.id} ${o.title}`;

/** One offer of the network found by ID or title; empty means each offer (the rule watches them one by one). */
export function OfferPicker({
  value,
  onChange,
  error,
  placeholder = 'Each offer',
}: {
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
  placeholder?: string;
}) {
  // A saved rule names only the UUID: the offer itself names it until a search has.
  const saved = useOffer(value);
  const known = saved.data && value ? [{ value, label: label(saved.data) }] : [];
  const picker = useRemoteSearch(value ? [value] : [], known);
  const found = useOfferSearch(picker.query);
  const data = picker.merge(
    (found.data?.list ?? []).map((o) => ({ value: o.uuid, label: label(o) })),
    (uuid) => uuid.slice(0, 8),
  );
  return (
    <Select
      label="Offer"
      name="scope.offer_uuid"
      placeholder={placeholder}
      clearable
      data={data}
      value={value}
      error={error}
      onChange={(uuid, option) => {
        picker.remember([option]);
        onChange(uuid);
      }}
      {...picker.selectProps({ failed: found.isError, fetching: found.isFetching }, 'No offers found')}
    />
  );
}
