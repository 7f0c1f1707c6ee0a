import type { Db } from '../../db/client.ts';
import type { namesOf, Subject } from './actions.repository.ts';
import {
  blockInForce,
  capStateOf,
  insertBlock,
  readCap,
  removeProductRows,
  writeCapLimit,
  type BlockScope,
} from './effects.ts';

// Each state-changing action of a rule, run inside its log row's transaction: it checks that it applies to the
// subject (an error is logged as the action's failure), changes the state, and says what it was before and after.
// Null: already in force, so nothing is written (docs/product/automation.md, "Actions and undo").

type Names = Awaited<ReturnType<typeof namesOf>>;
export type Done = { before: unknown; after: unknown; summary: string };
export type Effect = (tx: Db, actionId: string, s: Subject, names: Names) => Promise<Done | null>;

const PERIOD_WORDS: Record<string, string> = { day: 'a day', week: 'a week', month: 'a month', total: 'in total' };

const scopeOf = (s: Subject): BlockScope => ({
  offerId: s.offerId ?? null,
  affiliateId: s.affiliateId ?? null,
  subKey: s.subKey ?? null,
  subValue: s.subKey ? (s.subValue ?? null) : null,
});

const offerWords = (s: Subject, n: Names) => n.offers.get(s.offerId!) ?? `offer ${s.offerId}`;
const affiliateWords = (s: Subject, n: Names) => n.people.get(s.affiliateId!) ?? `affiliate ${s.affiliateId}`;

export const pauseAction: Effect = async (tx, actionId, s, n) => {
  if (!s.offerId || !s.affiliateId) throw new Error('A pause needs an offer and an affiliate in the scope');
  const scope = { offerId: s.offerId, affiliateId: s.affiliateId, subKey: null, subValue: null };
  if (await blockInForce(tx, 'pause', scope)) return null;
  const block = await insertBlock(tx, actionId, 'pause', scope);
  if (!block) return null;
  return {
    before: { blocks: [] },
    after: { blocks: [block] },
    summary: `Paused ${affiliateWords(s, n)} on ${offerWords(s, n)}: clicks go to trafficback, leads are refused`,
  };
};

export const holdAction: Effect = async (tx, actionId, s, n) => {
  const scope = scopeOf(s);
  if (!scope.offerId && !scope.affiliateId && !scope.subKey)
    throw new Error('A hold needs an offer, an affiliate or a sub value in the scope');
  if (scope.subKey && !scope.subValue) throw new Error('A hold on a sub needs its value');
  if (await blockInForce(tx, 'hold', scope)) return null;
  const block = await insertBlock(tx, actionId, 'hold', scope);
  if (!block) return null;
  const words = [
    scope.offerId && offerWords(s, n),
    scope.affiliateId && affiliateWords(s, n),
    scope.subKey && `${scope.subKey} = ${scope.subValue}`,
  ]
    .filter(Boolean)
    .join(' × ');
  return {
    before: { blocks: [] },
    after: { blocks: [block] },
    summary: `New conversions of ${words} are created in status hold`,
  };
};

export const removeProductAction: Effect = async (tx, _actionId, s, n) => {
  if (!s.productId) throw new Error('Taking a product out needs a product in the scope');
  const rows = await removeProductRows(tx, s.productId);
  if (!rows.length) return null;
  const product = n.products.get(s.productId) ?? `product ${s.productId}`;
  return {
    before: { offer_products: rows },
    after: { offer_products: [] },
    summary: `Took ${product} out of the waterfall of ${rows.length} offer(s)`,
  };
};

export const setCapAction =
  (capId: string, limit: number): Effect =>
  async (tx, _actionId, s, n) => {
    if (!s.offerId) throw new Error('Changing a cap needs an offer in the scope');
    const cap = await readCap(tx, capId, true);
    if (!cap || cap.offerId !== s.offerId) throw new Error(`The cap ${capId} is not one of this offer's caps`);
    if (cap.limit === limit) return null;
    await writeCapLimit(tx, cap.id, limit);
    return {
      before: capStateOf(cap),
      after: capStateOf(cap, limit),
      summary: `Cap of ${offerWords(s, n)}: ${cap.limit} → ${limit} ${cap.metric} ${PERIOD_WORDS[cap.period] ?? cap.period}`,
    };
  };
