import { Badge, Group, Select, Text } from '@mantine/core';
import type { Offer, OfferType } from '@pxl/contract/offers/offers.schemas';
import { useOfferSearch } from '@/lib/queries/offer-search.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

export type PickedOffer = Pick<Offer, 'uuid' | 'id' | 'title' | 'status'>;

const label = (o: PickedOffer) => `#${o.id} ${o.title}`;

/** An offer of one type found by ID or title; its status shows when it is not active (the test then refuses it). */
export function OfferSelect({
  type,
  value,
  onChange,
  error,
}: {
  type: OfferType;
  value: PickedOffer | null;
  onChange: (offer: PickedOffer | null) => void;
  error?: string;
}) {
  const picker = useRemoteSearch(value ? [value.uuid] : [], value ? [{ value: value.uuid, label: label(value) }] : []);
  const found = useOfferSearch(picker.query, { type });
  const offers = new Map<string, PickedOffer>((found.data?.list ?? []).map((o) => [o.uuid, o]));
  if (value) offers.set(value.uuid, value);
  const data = picker.merge((found.data?.list ?? []).map((o) => ({ value: o.uuid, label: label(o) })));
  const renderOption = ({ option }: { option: { value: string; label: string } }) => {
    const status = offers.get(option.value)?.status;
    return (
      <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
        <Text size="sm" truncate>
          {option.label}
        </Text>
        {status && status !== 'active' && (
          <Badge size="xs" variant="light" color="gray" radius="sm">
            {status.replace('_', ' ')}
          </Badge>
        )}
      </Group>
    );
  };
  return (
    <Select
      label="Offer"
      name="offer_id"
      required
      placeholder="Search by ID or title"
      clearable
      data={data}
      value={value?.uuid ?? null}
      error={error}
      renderOption={renderOption}
      onChange={(uuid, option) => {
        picker.remember([option]);
        onChange(uuid ? (offers.get(uuid) ?? null) : null);
      }}
      {...picker.selectProps(
        { failed: found.isError, fetching: found.isFetching },
        type === 'api' ? 'No API offers' : 'No direct-link offers',
      )}
    />
  );
}
