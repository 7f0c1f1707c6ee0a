import type { Role } from '@pxl/contract/access/roles';
import type { StatKind } from '@pxl/contract/statistic/index';
import type { ListFilter } from './filter-state.ts';
import type { Option } from '@pxl/contract/constants/options';

/**
 * What the filter bar needs from outside the feature: the caller's role, the report kind, and the reference data
 * (the partner time zone is the default zone). The screen builds it from the constants and the session.
 */
export type StatSetup = {
  role: Role | null;
  kind: StatKind;
  defaultTimeZone: string;
  timeZones: readonly Option[];
  /** ISO code → country name. */
  geos: Readonly<Record<string, string>>;
  devices: readonly string[];
  oss: readonly string[];
  /** Filters that do not apply to this screen (conversion status on the click and user-session logs). */
  omitFilters?: readonly ListFilter[];
};
