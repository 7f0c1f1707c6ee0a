import type { Constants, ConstantsListField } from './constants.schema.ts';
import { CONSTANTS_LIST_FIELDS } from './constants.schema.ts';
import type { Option } from './option.ts';
import { phoneCodeOptions } from './phone-codes.ts';

export type { Option };

/** An array gives value = label = item; a map gives value = key, label = map value. */
export function toOptions(list: readonly string[] | Readonly<Record<string, string>> | null | undefined): Option[] {
  if (!list) return [];
  if (Array.isArray(list)) return list.map((item: string) => ({ value: item, label: item }));
  return Object.entries(list).map(([value, label]) => ({ value, label: String(label) }));
}

/** Option lists of every constants field; `traffic` is held as `trafficSources` (docs/product/screens-and-lists.md). */
export type ConstantsOptions = {
  [K in Exclude<ConstantsListField, 'traffic'>]: Option[];
} & { trafficSources: Option[] };

/**
 * country_code_phone uses the "code: +prefix" reading here; the by-prefix reading is
 * phoneCodeOptionsByPrefix(constants.country_code_phone).
 */
export function constantsToOptions(constants: Constants): ConstantsOptions {
  const result: Record<string, Option[]> = {};
  for (const field of CONSTANTS_LIST_FIELDS) {
    const key = field === 'traffic' ? 'trafficSources' : field;
    result[key] =
      field === 'country_code_phone' ? phoneCodeOptions(constants.country_code_phone) : toOptions(constants[field]);
  }
  return result as ConstantsOptions;
}
