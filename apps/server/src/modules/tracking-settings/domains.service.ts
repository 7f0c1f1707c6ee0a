import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { domainCreateSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { trackingDomains } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { checkDomainDns } from './dns-check.ts';
import { findDomainRow, toDomain } from './domains.repository.ts';

type CreateBody = z.output<typeof domainCreateSchema>;
type Meta = { ip: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Domain writes take turns: "exactly one default" holds without racing the partial unique index. */
const lock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('tracking_domains'))`);

const currentDefault = async (tx: Tx) =>
  (
    await tx
      .select({ id: trackingDomains.id, name: trackingDomains.name })
      .from(trackingDomains)
      .where(eq(trackingDomains.isDefault, true))
      .limit(1)
  )[0];

const audit = (db: Db, auth: AuthContext, ip: string, details: Record<string, unknown>) =>
  writeAudit(db, { action: 'settings_change', actorId: auth.user.id, ip, details: { section: 'domains', ...details } });

/** Resolve the name now and keep the verdict on the row. */
export const checkDomain = async ({ db, config }: AppDeps, id: string) => {
  const row = await findDomainRow(db, id);
  if (!row) throw notFound('Domain');
  const { ok, detail } = await checkDomainDns(row.name, config.PUBLIC_URL);
  const [updated] = await db
    .update(trackingDomains)
    .set({ dnsCheckedAt: sql`now()`, dnsOk: ok, dnsDetail: detail })
    .where(eq(trackingDomains.id, id))
    .returning();
  if (!updated) throw notFound('Domain');
  return toDomain(updated);
};

/** The first domain becomes the default; asking for the default moves it from the current one. */
export const addDomain = async (deps: AppDeps, auth: AuthContext, body: CreateBody, { ip }: Meta) => {
  const { db } = deps;
  const { row, previous } = await db.transaction(async (tx) => {
    await lock(tx);
    const [taken] = await tx
      .select({ id: trackingDomains.id })
      .from(trackingDomains)
      .where(eq(trackingDomains.name, body.name))
      .limit(1);
    if (taken) throw badRequest('name', 'This domain is already added');
    const current = await currentDefault(tx);
    const isDefault = body.is_default || !current;
    if (isDefault && current)
      await tx.update(trackingDomains).set({ isDefault: false }).where(eq(trackingDomains.id, current.id));
    const [inserted] = await tx.insert(trackingDomains).values({ name: body.name, isDefault }).returning();
    return { row: inserted, previous: isDefault ? (current?.name ?? null) : undefined };
  });
  await audit(db, auth, ip, {
    change: 'add',
    name: row.name,
    is_default: row.isDefault,
    ...(previous !== undefined && { changed: { default: { from: previous, to: row.name } } }),
  });
  return checkDomain(deps, row.id);
};

/** Removing the default hands it to the oldest remaining domain, so link builders always have one. */
export const removeDomain = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  const { removed, next } = await db.transaction(async (tx) => {
    await lock(tx);
    const [gone] = await tx.delete(trackingDomains).where(eq(trackingDomains.id, id)).returning();
    if (!gone) throw notFound('Domain');
    if (!gone.isDefault) return { removed: gone, next: undefined };
    const [oldest] = await tx
      .select({ id: trackingDomains.id, name: trackingDomains.name })
      .from(trackingDomains)
      .orderBy(asc(trackingDomains.createdAt), asc(trackingDomains.name))
      .limit(1);
    if (oldest) await tx.update(trackingDomains).set({ isDefault: true }).where(eq(trackingDomains.id, oldest.id));
    return { removed: gone, next: oldest?.name ?? null };
  });
  await audit(db, auth, ip, {
    change: 'remove',
    name: removed.name,
    ...(next !== undefined && { changed: { default: { from: removed.name, to: next } } }),
  });
  return {};
};

export const makeDefaultDomain = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  const { row, previous } = await db.transaction(async (tx) => {
    await lock(tx);
    const target = await findDomainRow(tx, id);
    if (!target) throw notFound('Domain');
    const current = await currentDefault(tx);
    if (current?.id === id) return { row: target, previous: undefined };
    if (current) await tx.update(trackingDomains).set({ isDefault: false }).where(eq(trackingDomains.id, current.id));
    const [updated] = await tx
      .update(trackingDomains)
      .set({ isDefault: true })
      .where(eq(trackingDomains.id, id))
      .returning();
    return { row: updated, previous: current?.name ?? null };
  });
  // Choosing the domain that already is the default changes nothing, so nothing is audited.
  if (previous !== undefined)
    await audit(db, auth, ip, {
      change: 'default',
      name: row.name,
      changed: { default: { from: previous, to: row.name } },
    });
  return toDomain(row);
};
