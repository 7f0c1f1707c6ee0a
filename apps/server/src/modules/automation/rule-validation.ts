import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AutomationRuleInput, RuleActionType, RuleMetric, RuleScopeType } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { notificationChannels, offerCaps, offers, products, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

// What a rule may combine (docs/product/automation.md, "Rules" and "Actions and undo"); every refusal is a 422 that
// names the field.

/** Which ids each scope takes; the others must be left empty. */
const SCOPE_FIELDS: Record<RuleScopeType, string[]> = {
  offer: ['offer_uuid'],
  affiliate: ['affiliate_uuid'],
  offer_affiliate: ['offer_uuid', 'affiliate_uuid'],
  product: ['product_uuid'],
  sub: ['offer_uuid', 'sub_key', 'sub_value'],
};
/** Metrics a scope has rows for: a buyer product has no clicks, a sub no postbacks nor caps. */
const METRIC_SCOPES: Partial<Record<RuleMetric, RuleScopeType[]>> = {
  clicks: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
  cr: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
  epc: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
  fraud_pct: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
  postback_failures: ['offer', 'affiliate', 'offer_affiliate'],
  cap_fill: ['offer', 'affiliate', 'offer_affiliate'],
};
/** The scopes an action can act on; pause needs an offer and an affiliate, removal a product. */
const ACTION_SCOPES: Record<RuleActionType, RuleScopeType[]> = {
  notify: ['offer', 'affiliate', 'offer_affiliate', 'product', 'sub'],
  pause_affiliate: ['offer_affiliate'],
  remove_product: ['product'],
  set_cap: ['offer', 'offer_affiliate'],
  hold_conversions: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
};
/** Subs have no hourly rollup: a sub rule reads raw clicks, so its window stays within a day. */
export const SUB_WINDOW_MAX = 1440;

const refuse = (errors: Record<string, string>) => {
  if (Object.keys(errors).length) throw new AppError(422, errors);
};

const shapeErrors = (r: AutomationRuleInput) => {
  const e: Record<string, string> = {};
  const allowed = SCOPE_FIELDS[r.scope.type];
  for (const f of ['offer_uuid', 'affiliate_uuid', 'product_uuid', 'sub_key', 'sub_value'] as const)
    if (r.scope[f] !== null && !allowed.includes(f)) e[`scope.${f}`] = `A ${r.scope.type} scope does not take ${f}`;
  if (r.scope.type === 'sub' && !r.scope.sub_key) e['scope.sub_key'] = 'Choose which sub (sub1 to sub5)';
  if (r.scope.type === 'sub' && r.window_minutes > SUB_WINDOW_MAX)
    e.window_minutes = `A sub rule watches at most ${SUB_WINDOW_MAX} minutes`;
  const scopes = METRIC_SCOPES[r.metric];
  if (scopes && !scopes.includes(r.scope.type)) e.metric = `${r.metric} is not measured for a ${r.scope.type} scope`;
  if (r.metric === 'cap_fill' && r.condition.kind !== 'threshold')
    e['condition.kind'] = 'Cap fill is held against a threshold';
  r.actions.forEach((a, i) => {
    if (!ACTION_SCOPES[a.type].includes(r.scope.type))
      e[`actions.${i}.type`] = `${a.type} needs a scope of ${ACTION_SCOPES[a.type].join(' or ')}`;
    else if (a.type === 'set_cap' && !r.scope.offer_uuid)
      e[`actions.${i}.cap_uuid`] = 'Changing a cap needs the scope to name its offer';
  });
  return e;
};

const existing = async (db: Db, ids: (string | null)[], read: (ids: string[]) => Promise<{ id: string }[]>) => {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  return new Set(wanted.length ? (await read(wanted)).map((r) => r.id) : []);
};

/** The scope's rows exist (and are not deleted), caps belong to the scope's offer, channels exist. */
const referenceErrors = async (db: Db, r: AutomationRuleInput) => {
  const e: Record<string, string> = {};
  const s = r.scope;
  const [offer, affiliate, product] = await Promise.all([
    existing(db, [s.offer_uuid], (ids) =>
      db
        .select({ id: offers.id })
        .from(offers)
        .where(and(inArray(offers.id, ids), ne(offers.status, 'deleted'))),
    ),
    existing(db, [s.affiliate_uuid], (ids) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.role, 'affiliate'), ne(users.status, 'deleted'))),
    ),
    existing(db, [s.product_uuid], (ids) =>
      db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), ne(products.status, 'deleted'))),
    ),
  ]);
  if (s.offer_uuid && !offer.has(s.offer_uuid)) e['scope.offer_uuid'] = 'Unknown offer';
  if (s.affiliate_uuid && !affiliate.has(s.affiliate_uuid)) e['scope.affiliate_uuid'] = 'Unknown affiliate';
  if (s.product_uuid && !product.has(s.product_uuid)) e['scope.product_uuid'] = 'Unknown product';
  const capIds = r.actions.map((a) => (a.type === 'set_cap' ? a.cap_uuid : null));
  const caps = await existing(db, capIds, (ids) =>
    db
      .select({ id: offerCaps.id })
      .from(offerCaps)
      .where(and(inArray(offerCaps.id, ids), eq(offerCaps.offerId, s.offer_uuid ?? ''))),
  );
  const channelIds = r.actions.flatMap((a) => (a.type === 'notify' ? a.channel_uuids : []));
  const channels = await existing(db, channelIds, (ids) =>
    db
      .select({ id: notificationChannels.id })
      .from(notificationChannels)
      .where(and(inArray(notificationChannels.id, ids), isNull(notificationChannels.ownerId))),
  );
  r.actions.forEach((a, i) => {
    if (a.type === 'set_cap' && !caps.has(a.cap_uuid)) e[`actions.${i}.cap_uuid`] = 'Not a cap of the scope’s offer';
    if (a.type === 'notify')
      a.channel_uuids.forEach((c, j) => {
        if (!channels.has(c)) e[`actions.${i}.channel_uuids.${j}`] = 'Unknown channel';
      });
  });
  return e;
};

export const assertRuleValid = async (db: Db, r: AutomationRuleInput) => {
  refuse(shapeErrors(r));
  refuse(await referenceErrors(db, r));
};
