import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActionLogItem, RuleMetric } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { automationActions, automationRules, offers, products, users } from '../../db/schema.ts';
import { pageOf, type PageQuery } from '../../lib/paging.ts';
import { nameOf } from '../../lib/people.ts';

/** The one of a rule's scope it acted on; ids as stored (docs/product/automation.md). */
export type Subject = {
  offerId?: string;
  affiliateId?: string;
  productId?: string;
  subKey?: string;
  subValue?: string;
  capId?: string;
};
/** The figures that made the rule true, as the log keeps and shows them. */
export type Figures = {
  metric: RuleMetric;
  window_minutes: number;
  value: number;
  compared_to: number | null;
  condition: string;
};
export type ActionRow = typeof automationActions.$inferSelect;
export type NewActionRow = typeof automationActions.$inferInsert;

export const insertActionRow = async (tx: Db, row: NewActionRow) =>
  (await tx.insert(automationActions).values(row).returning())[0];

/** What a state-changing action changed, once it did. */
export const completeActionRow = (tx: Db, id: string, done: { before: unknown; after: unknown; summary: string }) =>
  tx
    .update(automationActions)
    .set({ before: done.before, after: done.after, summary: done.summary })
    .where(eq(automationActions.id, id));

export const lockActionRow = async (tx: Db, id: string) =>
  (await tx.select().from(automationActions).where(eq(automationActions.id, id)).for('update'))[0] ?? null;

export const markUndone = (tx: Db, id: string) =>
  tx.update(automationActions).set({ status: 'undone' }).where(eq(automationActions.id, id));

type Names = { offers: Map<string, string>; people: Map<string, string>; products: Map<string, string> };

/** Titles and names of everything the subjects name, in three reads whatever the number of subjects. */
export const namesOf = async (db: Db, subjects: Subject[]): Promise<Names> => {
  const ids = (key: keyof Subject) => [...new Set(subjects.map((s) => s[key]).filter((v): v is string => !!v))];
  const [o, p, u] = await Promise.all([
    ids('offerId').length
      ? db
          .select({ id: offers.id, title: offers.title, number: offers.number })
          .from(offers)
          .where(inArray(offers.id, ids('offerId')))
      : [],
    ids('productId').length
      ? db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, ids('productId')))
      : [],
    ids('affiliateId').length
      ? db
          .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids('affiliateId')))
      : [],
  ]);
  return {
    offers: new Map(o.map((r) => [r.id, `Offer ${r.number} "${r.title}"`])),
    products: new Map(p.map((r) => [r.id, `product "${r.name}"`])),
    people: new Map(u.map((r) => [r.id, `affiliate ${nameOf(r.first, r.last, r.email)}`])),
  };
};

/** "Offer 12 "Casino" × affiliate Anna Berg × sub1 = fb": a deleted record shows as its id. */
export const wordsOf = (s: Subject, n: Names) =>
  [
    s.offerId && (n.offers.get(s.offerId) ?? `offer ${s.offerId}`),
    s.affiliateId && (n.people.get(s.affiliateId) ?? `affiliate ${s.affiliateId}`),
    s.productId && (n.products.get(s.productId) ?? `product ${s.productId}`),
    s.subKey && `${s.subKey} = ${s.subValue ?? ''}`,
  ]
    .filter(Boolean)
    .join(' × ') || 'the network';

export const subjectWords = async (db: Db, s: Subject) => wordsOf(s, await namesOf(db, [s]));

const staff = alias(users, 'by_user');

/** The action log, newest first, with rule names, subjects in words and who undid (docs/product/automation.md). */
export const listActionRows = async (
  db: Db,
  q: PageQuery & { rule_uuid?: string; status?: string },
): Promise<{ list: ActionLogItem[]; count: number }> => {
  const where: SQL | undefined = and(
    q.rule_uuid ? eq(automationActions.ruleId, q.rule_uuid) : undefined,
    q.status ? eq(automationActions.status, q.status) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        a: automationActions,
        ruleName: automationRules.name,
        by: { id: staff.id, first: staff.firstName, last: staff.lastName, email: staff.email },
      })
      .from(automationActions)
      .leftJoin(automationRules, eq(automationRules.id, automationActions.ruleId))
      .leftJoin(staff, eq(staff.id, automationActions.byUser))
      .where(where)
      .orderBy(desc(automationActions.createdAt), desc(automationActions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(automationActions).where(where),
  ]);
  const names = await namesOf(
    db,
    rows.map((r) => r.a.subject as Subject),
  );
  return { list: rows.map((r) => itemOf(r.a, r.ruleName, r.by, names)), count: n };
};

type By = { id: string | null; first: string | null; last: string | null; email: string | null } | null;

export const itemOf = (a: ActionRow, ruleName: string | null, by: By, names: Names): ActionLogItem => ({
  uuid: a.id,
  rule: a.ruleId ? { uuid: a.ruleId, name: ruleName ?? '' } : null,
  type: a.type as ActionLogItem['type'],
  subject: wordsOf(a.subject as Subject, names),
  figures: a.figures as Figures,
  summary: a.summary,
  status: a.status as ActionLogItem['status'],
  error: a.error,
  undoable: a.status === 'done' && a.type !== 'notify' && a.type !== 'undo',
  undoes: a.undoes,
  by: by?.id ? { uuid: by.id, name: nameOf(by.first, by.last, by.email) } : null,
  created_at: a.createdAt.toISOString(),
});

/** One entry as the list shows it. */
export const readActionItem = async (db: Db, id: string) => {
  const [r] = await db
    .select({
      a: automationActions,
      ruleName: automationRules.name,
      by: { id: staff.id, first: staff.firstName, last: staff.lastName, email: staff.email },
    })
    .from(automationActions)
    .leftJoin(automationRules, eq(automationRules.id, automationActions.ruleId))
    .leftJoin(staff, eq(staff.id, automationActions.byUser))
    .where(eq(automationActions.id, id));
  return itemOf(r.a, r.ruleName, r.by, await namesOf(db, [r.a.subject as Subject]));
};
