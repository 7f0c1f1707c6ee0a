import { Badge, Group, Select, Text } from '@mantine/core';
import type { LandingRef } from '@pxl/contract/offers/offers.schemas';
import { useOfferLandings } from '../api/get-offer-landings.ts';

const COLORS: Record<string, string> = { active: 'green', moderation: 'yellow', stopped: 'orange', deleted: 'dark' };

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge size="xs" variant="light" radius="sm" color={COLORS[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {status.replace('_', ' ')}
    </Badge>
  );
}

/**
 * One landing of the chosen offer, or none for the offer's tracking URL. Landings that are not active stay
 * choosable: testing what such a click meets is the point of this screen.
 */
export function LandingSelect({
  offerUuid,
  value,
  onChange,
  error,
}: {
  offerUuid: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const landings = useOfferLandings(offerUuid);
  const list = landings.data ?? [];
  const byValue = new Map<string, LandingRef>(list.map((l) => [String(l.id), l]));
  const chosen = value === null ? undefined : byValue.get(String(value));
  const renderOption = ({ option }: { option: { value: string; label: string } }) => (
    <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
      <Text size="sm" truncate>
        {option.label}
      </Text>
      {byValue.has(option.value) && <StatusBadge status={byValue.get(option.value)!.status} />}
    </Group>
  );
  const placeholder = !offerUuid
    ? 'Choose an offer first'
    : landings.isFetching && !landings.data
      ? 'Loading…'
      : "None: the offer's tracking URL";
  return (
    <Select
      label="Landing"
      name="landing_id"
      clearable
      disabled={!offerUuid}
      placeholder={placeholder}
      data={list.map((l) => ({ value: String(l.id), label: `#${l.id} ${l.name}` }))}
      value={value === null ? null : String(value)}
      renderOption={renderOption}
      error={error}
      onChange={(v) => onChange(v ? Number(v) : null)}
      description={
        chosen && chosen.status !== 'active'
          ? `This landing is ${chosen.status.replace('_', ' ')}: a click on it is refused`
          : undefined
      }
      nothingFoundMessage="No landings attached"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
