import { OFFER_PRIVACIES, OFFER_STATUSES, OFFER_TYPES } from '@pxl/contract/offers/offers.schemas';
import { rangeFilterLabels, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { AdvertiserSelect } from '@/components/pickers/advertiser-picker.tsx';
import { useChosenAdvertiser } from '@/lib/queries/advertiser-options.ts';
import { statusLabel, statusOptions } from '@/lib/labels.ts';
import { TYPE_LABELS, VERTICAL_OPTIONS, verticalLabel } from './offer-labels.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';

const STATUS_OPTIONS = statusOptions(OFFER_STATUSES);
const TYPE_OPTIONS = statusOptions(OFFER_TYPES, (t) => TYPE_LABELS[t as keyof typeof TYPE_LABELS]);
const PRIVACY_OPTIONS = statusOptions(OFFER_PRIVACIES);

/** Status, type, privacy, vertical, advertiser, geo and created-date filters of the offers list. */
export function OfferFilters({ list }: { list: ListStateApi }) {
  const chosen = useChosenAdvertiser(list.state.filters.advertiser_uuid);
  return (
    <>
      <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={140} />
      <FilterSelect list={list} name="type" label="Type" data={TYPE_OPTIONS} w={130} />
      <FilterSelect list={list} name="privacy" label="Privacy" data={PRIVACY_OPTIONS} w={150} />
      <FilterSelect list={list} name="vertical" label="Vertical" data={VERTICAL_OPTIONS} w={150} />
      <AdvertiserSelect
        value={list.state.filters.advertiser_uuid ?? null}
        known={chosen ? [chosen] : []}
        placeholder="All"
        w={200}
        onChange={(v) => list.update({ filters: { advertiser_uuid: v ?? undefined } })}
      />
      <FilterSelect list={list} name="geo" label="Geo" data={GEO_OPTIONS} searchable w={170} />
      <DateRangeFilter list={list} label="Created" />
    </>
  );
}

/** How active filters read in the empty state. */
export function useOfferFilterLabels(advertiserUuid: string | undefined): Record<string, (value: string) => string> {
  const chosen = useChosenAdvertiser(advertiserUuid);
  const advertiserName = (uuid: string) => (chosen?.value === uuid ? chosen.label : uuid);
  return {
    status: (v) => `Status: ${statusLabel(v)}`,
    type: (v) => `Type: ${TYPE_LABELS[v as keyof typeof TYPE_LABELS] ?? v}`,
    privacy: (v) => `Privacy: ${statusLabel(v)}`,
    vertical: (v) => `Vertical: ${verticalLabel(v)}`,
    advertiser_uuid: (v) => `Advertiser: ${advertiserName(v)}`,
    geo: (v) => `Geo: ${v}`,
    ...rangeFilterLabels('Created'),
  };
}
