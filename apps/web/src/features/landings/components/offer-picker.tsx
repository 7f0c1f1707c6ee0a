import { MultiSelect } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { useOfferSearch } from '@/lib/queries/offer-search.ts';
import { offerLabel } from './landing-labels.ts';

/**
 * Offers attached to the landing, found by ID or title through the offers list. Labels of offers once seen are
 * kept, so picked offers stay named after the search moves on.
 */
export function OfferPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (uuids: string[]) => void;
  known: Option[];
  error?: string;
}) {
  const picker = useRemoteSearch(value, known);
  const found = useOfferSearch(picker.query);
  const options = (found.data?.list ?? [])
    .filter((o) => o.status !== 'deleted')
    .map((o) => ({ value: o.uuid, label: offerLabel(o) }));
  return (
    <MultiSelect
      label="Offers attached"
      name="offer_uuids"
      placeholder={value.length ? undefined : 'Search offers by ID or title'}
      description="The offers this landing is offered with"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      clearable
      hidePickedOptions
      data={picker.merge(options, (uuid) => uuid)}
      value={value}
      onChange={(next) => {
        picker.remember(options);
        onChange(next);
      }}
      error={error}
      {...picker.selectProps(
        { failed: found.isError, fetching: found.isFetching },
        'No offers found',
        'Offers could not be loaded',
      )}
    />
  );
}
