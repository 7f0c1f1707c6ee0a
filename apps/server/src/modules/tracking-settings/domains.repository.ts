import { asc, desc, eq } from 'drizzle-orm';
import type { Domain } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { trackingDomains } from '../../db/schema.ts';

type Row = typeof trackingDomains.$inferSelect;

export const toDomain = (r: Row): Domain => ({
  uuid: r.id,
  name: r.name,
  is_default: r.isDefault,
  dns: { checked_at: r.dnsCheckedAt?.toISOString() ?? null, ok: r.dnsOk, detail: r.dnsDetail },
  created_at: r.createdAt.toISOString(),
});

/** The default first (link builders preselect it), then by name. */
const ORDER = [desc(trackingDomains.isDefault), asc(trackingDomains.name)] as const;

export const listDomains = async (db: Db): Promise<Domain[]> =>
  (
    await db
      .select()
      .from(trackingDomains)
      .orderBy(...ORDER)
  ).map(toDomain);

/** The names that feed `track_domains` and the link builders, in the same order. */
export const listDomainNames = async (db: Db): Promise<string[]> =>
  (
    await db
      .select({ name: trackingDomains.name })
      .from(trackingDomains)
      .orderBy(...ORDER)
  ).map((r) => r.name);

export const findDomainRow = async (db: Pick<Db, 'select'>, id: string): Promise<Row | undefined> =>
  (await db.select().from(trackingDomains).where(eq(trackingDomains.id, id)).limit(1))[0];
