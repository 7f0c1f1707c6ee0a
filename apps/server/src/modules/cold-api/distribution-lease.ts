import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldListLeads, coldRules, coldSends, leads, offers } from '../../db/schema.ts';
import type { LeadRow } from '../leads/index.ts';
import type { DistributionRow } from './distribution-send.ts';
import { sendableBy } from './distribution-scope.ts';

// The runner's statements (distribution-runner.ts): a distribution's lease in PostgreSQL (lease_owner, lease_until),
// and what one turn of its loop reads. Every write is guarded by the owner, so a process that lost a lease writes nothing.

export const LEASE_MS = 30_000;
const BATCH = 200;

const leaseUntil = sql`now() + make_interval(secs => ${LEASE_MS / 1000})`;

/** The leases one process (`owner`) takes, keeps and lets go of. */
export class Leases {
  constructor(
    private readonly db: Db,
    readonly owner: string,
  ) {}

  /** Whether this process holds the active distribution now: free, run out, or already its own. */
  async take(id: string) {
    const taken = await this.db
      .update(coldDistributions)
      .set({ leaseOwner: this.owner, leaseUntil })
      .where(
        and(
          eq(coldDistributions.id, id),
          eq(coldDistributions.status, 'active'),
          or(
            isNull(coldDistributions.leaseUntil),
            lt(coldDistributions.leaseUntil, sql`now()`),
            eq(coldDistributions.leaseOwner, this.owner),
          ),
        ),
      )
      .returning({ id: coldDistributions.id });
    return taken.length > 0;
  }

  /** The ids whose lease is still this process's, extended. */
  async renew(ids: string[]) {
    if (!ids.length) return [];
    const kept = await this.db
      .update(coldDistributions)
      .set({ leaseUntil })
      .where(and(inArray(coldDistributions.id, ids), eq(coldDistributions.leaseOwner, this.owner)))
      .returning({ id: coldDistributions.id });
    return kept.map((r) => r.id);
  }

  release(id: string) {
    return this.db
      .update(coldDistributions)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(coldDistributions.id, id), eq(coldDistributions.leaseOwner, this.owner)));
  }

  note(id: string, set: Partial<DistributionRow>) {
    return this.db
      .update(coldDistributions)
      .set(set)
      .where(and(eq(coldDistributions.id, id), eq(coldDistributions.leaseOwner, this.owner)));
  }
}

/** Every active distribution with its lease (the sweep takes those no live process holds). */
export const activeDistributions = (db: Db) =>
  db
    .select({
      id: coldDistributions.id,
      leaseOwner: coldDistributions.leaseOwner,
      leaseUntil: coldDistributions.leaseUntil,
    })
    .from(coldDistributions)
    .where(eq(coldDistributions.status, 'active'));

export type Found = { d: DistributionRow; rule: typeof coldRules.$inferSelect; offer: string; offerStatus: string };

/** The row with its rule (an edited rule applies from the next send) and its offer's title and status. */
export const readDistribution = async (db: Db, id: string): Promise<Found | undefined> =>
  (
    await db
      .select({ d: coldDistributions, rule: coldRules, offer: offers.title, offerStatus: offers.status })
      .from(coldDistributions)
      .innerJoin(coldRules, eq(coldRules.id, coldDistributions.ruleId))
      .innerJoin(offers, eq(offers.id, coldDistributions.offerId))
      .where(eq(coldDistributions.id, id))
  )[0];

/** The list's leads this distribution has not taken, in its order; a page at a time (a claim decides, not this read). */
export const nextLeads = (db: Db, d: DistributionRow): Promise<LeadRow[]> =>
  db
    .select({ lead: leads })
    .from(coldListLeads)
    .innerJoin(leads, eq(leads.id, coldListLeads.leadId))
    .where(
      and(
        eq(coldListLeads.listId, d.listId),
        sql`not exists (select 1 from ${coldSends} s where s.distribution_id = ${d.id} and s.origin_lead_id = ${coldListLeads.leadId})`,
        sendableBy(sql`${d.createdBy}::uuid`, sql`${leads.affiliateId}`),
      ),
    )
    .orderBy(d.order === 'oldest' ? asc(leads.createdAt) : desc(leads.createdAt), asc(leads.id))
    .limit(BATCH)
    .then((rows) => rows.map((r) => r.lead));

export const sentSince = async (db: Db, id: string, since: Date) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(coldSends)
    .where(and(eq(coldSends.distributionId, id), isNotNull(coldSends.sessionId), gte(coldSends.createdAt, since)));
  return row.n;
};

/** At most `free` pieces of work at once; the others wait their turn in order. */
export class WorkSlots {
  private readonly queue: (() => void)[] = [];

  constructor(private free: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
