import type { Option } from '@pxl/contract/constants/options';

/** A stored code as the screens show it: `not_active` → `Not active`, `on-moderation` → `On moderation`. */
export const statusLabel = (code: string): string => {
  const text = code.replace(/[_-]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Select options of stored codes, labelled by `label` (the code as the screens show it unless told). */
export const statusOptions = (codes: readonly string[], label: (code: string) => string = statusLabel): Option[] =>
  codes.map((value) => ({ value, label: label(value) }));
