import { CURRENCIES } from '@pxl/contract/constants/constants.data';
import { GEOS } from '@pxl/contract/constants/geos.data';
import type { Option } from '@pxl/contract/constants/options';

// Option lists of the contract's fixed reference data that forms and filters of several features pick from.

/** "DE — Germany": the code first, so typing a code finds it. */
export const GEO_OPTIONS: Option[] = Object.entries(GEOS).map(([value, name]) => ({
  value,
  label: `${value} — ${name}`,
}));

export const CURRENCY_OPTIONS: Option[] = CURRENCIES.map((c) => ({ value: c, label: c }));
