import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, settings, users } from '../db/schema.ts';
import { hashPassword } from '../lib/tokens.ts';
import { issuePostbackToken } from '../modules/advertisers/index.ts';
import { demoAdvertisers, demoAffiliates, type DemoProduct } from './demo-network.ts';
import { seedDemoOffers } from './demo-offers.ts';
import { seedDemoTraffic, type TrafficOptions } from './demo-traffic.ts';
import { foldRollups } from '../modules/tracking/index.ts';
import type { Secrets } from '../lib/secrets.ts';
import { enrichDemoLeads, seedSandboxBuyers } from './demo-leads.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoCold } from './demo-cold.ts';
import { seedDemoNews } from './demo-news.ts';
import { seedDemoTickets } from './demo-tickets.ts';
import { seedDemoReconciliation } from './demo-reconciliation.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';

type DemoUser = Omit<typeof users.$inferInsert, 'passwordHash'> & { key: string; manager?: string; teamLead?: string };

const DEMO_USERS: DemoUser[] = [
  { key: 'admin', email: 'admin@demo.test', role: 'admin', firstName: 'Alice', lastName: 'Admin' },
  { key: 'head', email: 'head@demo.test', role: 'head', managerType: 'head', firstName: 'Henry', lastName: 'Head' },
  {
    key: 'teamlead',
    email: 'teamlead@demo.test',
    role: 'team_lead',
    managerType: 'affiliate',
    firstName: 'Tara',
    lastName: 'Lead',
    contacts: { telegram: 'tara_lead', email: 'teamlead@demo.test' },
  },
  {
    key: 'manager',
    email: 'manager@demo.test',
    role: 'manager',
    managerType: 'affiliate',
    firstName: 'Mark',
    lastName: 'Manager',
    teamLead: 'teamlead',
    contacts: { telegram: 'mark_manager', skype: 'mark.manager', email: 'manager@demo.test', linkedin: 'mark-manager' },
  },
  // Outside Tara's team: signing in as Tara or Mark shows that scoping hides Mia's partners.
  {
    key: 'manager2',
    email: 'manager2@demo.test',
    role: 'manager',
    managerType: 'affiliate',
    firstName: 'Mia',
    lastName: 'Morgan',
    contacts: { telegram: 'mia_morgan', email: 'manager2@demo.test' },
  },
  {
    key: 'affiliate',
    email: 'affiliate@demo.test',
    role: 'affiliate',
    firstName: 'Andy',
    lastName: 'Affiliate',
    manager: 'manager',
    contacts: { telegram: 'andy_aff' },
  },
  {
    key: 'advertiser',
    email: 'advertiser@demo.test',
    role: 'advertiser',
    firstName: 'Ada',
    lastName: 'Advertiser',
    manager: 'manager',
    contacts: { email: 'advertiser@demo.test' },
  },
];

/**
 * Idempotent: users are matched by email and products by (advertiser, name), so running it twice changes nothing.
 * `traffic.clicks` sets the volume of the generated traffic (tests use a small one); with `secrets` the sandbox
 * buyers get their keys and can take leads at once.
 */
export const seedDemo = async (db: Db, { secrets, ...options }: TrafficOptions & { secrets?: Secrets } = {}) => {
  // One clock for the whole demo: two seeds with the same `now` are the same network to the row, whatever the hour.
  const traffic = { ...options, now: options.now ?? Date.now() };
  // One hash for every demo account: scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const { key, manager, teamLead, ...u } of DEMO_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, u.email)).limit(1);
    const id =
      existing?.id ??
      (
        await db
          .insert(users)
          .values({ ...u, passwordHash, ...(u.role === 'advertiser' && issuePostbackToken().columns) })
          .returning({ id: users.id })
      )[0].id;
    ids.set(key, id);
    const links = {
      managerId: manager ? ids.get(manager) : undefined,
      teamLeadId: teamLead ? ids.get(teamLead) : undefined,
    };
    if (links.managerId || links.teamLeadId) await db.update(users).set(links).where(eq(users.id, id));
  }
  await db
    .insert(settings)
    .values({ key: 'general', value: { partner_title: 'Demo Network', time_zone: 'Europe/Kyiv', currency: 'USD' } })
    .onConflictDoNothing();
  await seedPartners(db, ids, passwordHash, traffic.now);
  await seedDemoNews(db, ids, traffic.now);
  await seedDemoTickets(db, ids, traffic.now);
  await seedDemoOffers(
    db,
    ids,
    demoAffiliates(traffic.now).map((a) => a.email),
    traffic.now,
  );
  // Before the traffic, so the demo's leads went to these buyers.
  await seedSandboxBuyers(db, ids, secrets);
  await seedDemoTraffic(
    db,
    ids,
    demoAffiliates(traffic.now).map((a) => a.email),
    traffic,
  );
  await enrichDemoLeads(db, traffic.now);
  // Its re-sends are user sessions too: in the rollups folded next.
  await seedDemoCold(db, ids, traffic.now);
  // Statistics read the rollups: the demo's conversions are in them before the panel opens.
  await foldRollups(db, { wait: true });
  const billingStarted = performance.now();
  const invoiced = await seedDemoBilling(
    db,
    ids,
    demoAffiliates(traffic.now).map((a) => a.email),
    traffic.now,
  );
  if (invoiced !== null)
    traffic.log?.(
      `demo billing: ${invoiced} invoices in ${((performance.now() - billingStarted) / 1000).toFixed(1)} s`,
    );
  // After billing: the report meets the conversions as invoiced, the state an advertiser's report arrives in.
  await seedDemoReconciliation(db, ids.get('admin')!, traffic.now);
  return ids;
};

/** Inserts only the rows whose email is not there yet; returns email → id for all of them. */
const insertMissing = async (db: Db, rows: (typeof users.$inferInsert)[]) => {
  const emails = rows.map((r) => r.email);
  const existing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const have = new Set(existing.map((e) => e.email));
  const fresh = rows.filter((r) => !have.has(r.email));
  const added = fresh.length
    ? await db.insert(users).values(fresh).onConflictDoNothing().returning({ id: users.id, email: users.email })
    : [];
  return new Map([...existing, ...added].map((r) => [r.email, r.id]));
};

const seedPartners = async (db: Db, ids: Map<string, string>, passwordHash: string, now: number) => {
  const affiliates = demoAffiliates(now);
  const affiliateIds = await insertMissing(
    db,
    affiliates.map((row) => {
      const { manager, referrer: _, ...a } = row;
      return { ...a, role: 'affiliate', passwordHash, managerId: ids.get(manager) };
    }),
  );
  const referrers = { first: affiliateIds.get(affiliates[0].email)!, demo: ids.get('affiliate')! };
  for (const [key, referrerId] of Object.entries(referrers)) {
    const referred = affiliates.filter((a) => a.referrer === key).map((a) => affiliateIds.get(a.email)!);
    if (referred.length) await db.update(users).set({ referrerId }).where(inArray(users.id, referred));
  }

  const advertisers = demoAdvertisers(now);
  // The token is made only for rows not yet there: insertMissing skips existing emails, so a re-run keeps the old token.
  // Nobody learns it: staff rotate it on the advertiser screen to hand one over (docs/decisions/016-token-totp-audit.md).
  const advertiserIds = await insertMissing(
    db,
    advertisers.map((row) => {
      const { manager, products: _, ...a } = row;
      return { ...a, role: 'advertiser', passwordHash, managerId: ids.get(manager), ...issuePostbackToken().columns };
    }),
  );
  const demoAdvertiser = ids.get('advertiser')!;
  const catalogue: [string, DemoProduct[]][] = [
    ...advertisers.map((a) => [advertiserIds.get(a.email)!, a.products] as [string, DemoProduct[]]),
    [demoAdvertiser, advertisers[2].products.slice(0, 2)],
  ];
  for (const [advertiserId, list] of catalogue) await seedProducts(db, advertiserId, list);
};

/** Demo products carry no credentials: the seed has no encryption key, and the sandbox buyer needs none. */
const seedProducts = async (db: Db, advertiserId: string, list: DemoProduct[]) => {
  const names = list.map((p) => p.name);
  const existing = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), inArray(products.name, names)));
  const have = new Set(existing.map((p) => p.name));
  const fresh = list.filter((p) => !have.has(p.name));
  if (fresh.length) await db.insert(products).values(fresh.map((p) => ({ ...p, advertiserId })));
};
