import { SYSTEM_COUNT_CAP } from '@pxl/contract/system/index';
import { formatCount } from '@/lib/format/numbers.ts';

/** The server stops exact counts past the cap (docs/product/system.md, "Bounded reads"). */
export const formatCapped = (n: number): string =>
  n > SYSTEM_COUNT_CAP ? `${formatCount(SYSTEM_COUNT_CAP)}+` : formatCount(n);
