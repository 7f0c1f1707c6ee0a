import type { StatDimension } from '@pxl/contract/statistic/index';
import {
  useAdvertiserSearch,
  useLandingOptions,
  useManagerOptions,
  useOfferSearch,
  useProductOptions,
  useRecordNames,
  useReportValues,
} from '../api/filter-options.ts';
import { useAffiliateOptions } from '@/lib/queries/affiliate-options.ts';
import { optionSource } from './filter-access.ts';
import { matchOptions, STATUS_OPTIONS, withSelected } from './filter-options.ts';
import type { ListFilter } from './filter-state.ts';
import type { Option } from '@pxl/contract/constants/options';
import type { StatSetup } from './stat-setup.ts';

/** `open`: the picker is showing, so search; otherwise only the picked values are named (for the chips). */
export type OptionsInput = {
  search: string;
  selected: string[];
  open: boolean;
  setup: StatSetup;
  base: Record<string, string>;
};
export type OptionsResult = { options: Option[]; fetching: boolean };
type OptionsHook = (input: OptionsInput) => OptionsResult;

const none: string[] = [];

/** Records searched on the server (staff) or taken from the caller's own report (partners, team leads). */
const searched =
  (key: 'offer' | 'affiliate' | 'advertiser', useSearch: typeof useOfferSearch): OptionsHook =>
  (input) => {
    const entity = optionSource(key, input.setup.role) === 'entity';
    const found = useSearch(input.search, entity && input.open, input.setup.kind);
    const names = useRecordNames(key, entity ? input.selected : none);
    const report = useReportValues(key, input.base, !entity && (input.open || input.selected.length > 0));
    const options = entity ? (input.open ? (found.data ?? []) : []) : matchOptions(report.data ?? [], input.search);
    return {
      options: withSelected(input.selected, options, [...names, ...(report.data ?? [])]),
      fetching: entity ? found.isFetching : report.isFetching,
    };
  };

/** Short lists fetched whole and searched here, or the report's values. */
const listed =
  (key: ListFilter, dimension: StatDimension | null, useList: typeof useProductOptions): OptionsHook =>
  (input) => {
    const entity = optionSource(key, input.setup.role) === 'entity';
    const wanted = input.open || input.selected.length > 0;
    const list = useList(entity && wanted);
    const report = useReportValues(dimension ?? 'offer', input.base, !entity && dimension !== null && wanted);
    const all = (entity ? list.data : report.data) ?? [];
    return {
      options: withSelected(input.selected, input.open ? matchOptions(all, input.search) : [], all),
      fetching: entity ? list.isFetching : report.isFetching,
    };
  };

const fixed =
  (options: (setup: StatSetup) => Option[]): OptionsHook =>
  (input) => {
    const all = options(input.setup);
    return { options: withSelected(input.selected, matchOptions(all, input.search, 300), all), fetching: false };
  };

export const OPTION_HOOKS: Record<ListFilter, OptionsHook> = {
  offer: searched('offer', useOfferSearch),
  affiliate: searched('affiliate', useAffiliateOptions),
  advertiser: searched('advertiser', useAdvertiserSearch),
  product: listed('product', 'product', useProductOptions),
  landing: listed('landing', 'landing', useLandingOptions),
  manager: listed('manager', 'manager', useManagerOptions),
  account_manager: listed('account_manager', null, useManagerOptions),
  geo: fixed((s) => Object.entries(s.geos).map(([code, name]) => ({ value: code, label: `${name} (${code})` }))),
  device: fixed((s) => s.devices.map((d) => ({ value: d, label: d }))),
  os: fixed((s) => s.oss.map((o) => ({ value: o, label: o }))),
  status: fixed(() => STATUS_OPTIONS),
};
