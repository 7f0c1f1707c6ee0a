import type { Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { todayIn } from '@/lib/format/dates.ts';

/** The distribution form as typed: numbers as text, so an empty box stays empty instead of becoming 0. */
export type DistributionValues = {
  title: string;
  list_uuid: string | null;
  rule_uuid: string | null;
  affiliate_uuid: string | null;
  offer_uuid: string | null;
  product_uuids: string[];
  start_date: string;
  end_date: string;
  hour_from: string;
  hour_to: string;
  time_zone: string;
  interval_min: string;
  interval_max: string;
  daily_limit: string;
  order: 'newest' | 'oldest';
};

export function distributionToValues(
  d: Distribution | undefined,
  timeZone: string,
  preset: { list_uuid?: string } = {},
): DistributionValues {
  if (!d)
    return {
      title: '',
      list_uuid: preset.list_uuid ?? null,
      rule_uuid: null,
      affiliate_uuid: null,
      offer_uuid: null,
      product_uuids: [],
      start_date: todayIn(timeZone),
      end_date: '',
      hour_from: '0',
      hour_to: '24',
      time_zone: timeZone,
      interval_min: '60',
      interval_max: '300',
      daily_limit: '',
      order: 'newest',
    };
  return {
    title: d.title,
    list_uuid: d.list.uuid,
    rule_uuid: d.rule.uuid,
    affiliate_uuid: d.affiliate.uuid,
    offer_uuid: d.offer.uuid,
    product_uuids: d.products.map((p) => p.uuid),
    start_date: d.start_date.slice(0, 10),
    end_date: d.end_date?.slice(0, 10) ?? '',
    hour_from: String(d.hour_from),
    hour_to: String(d.hour_to),
    time_zone: d.time_zone,
    interval_min: String(d.interval_min),
    interval_max: String(d.interval_max),
    daily_limit: d.daily_limit === null ? '' : String(d.daily_limit),
    order: d.order,
  };
}

/** Text that is not a number stays text, so the schema names the field instead of a silent 0. */
const num = (text: string): number | string => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The request body before the schema checks it (empty picks as '' so their messages say what to choose). */
export const distributionInput = (v: DistributionValues) => ({
  title: v.title,
  list_uuid: v.list_uuid ?? '',
  rule_uuid: v.rule_uuid ?? '',
  affiliate_uuid: v.affiliate_uuid ?? '',
  offer_uuid: v.offer_uuid ?? '',
  product_uuids: v.product_uuids,
  start_date: v.start_date,
  end_date: v.end_date || null,
  hour_from: num(v.hour_from),
  hour_to: num(v.hour_to),
  time_zone: v.time_zone,
  interval_min: num(v.interval_min),
  interval_max: num(v.interval_max),
  daily_limit: v.daily_limit.trim() ? num(v.daily_limit) : null,
  order: v.order,
});
