import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings, users } from '../db/schema.ts';
import { hashPassword } from '../lib/tokens.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';

type DemoUser = Omit<typeof users.$inferInsert, 'passwordHash'> & { key: string; manager?: string; teamLead?: string };

const DEMO_USERS: DemoUser[] = [
  { key: 'admin', email: 'admin@demo.test', role: 'admin', firstName: 'Alice', lastName: 'Admin' },
  { key: 'head', email: 'head@demo.test', role: 'head', managerType: 'head', firstName: 'Henry', lastName: 'Head' },
  { key: 'teamlead', email: 'teamlead@demo.test', role: 'team_lead', managerType: 'affiliate', firstName: 'Tara', lastName: 'Lead',
    contacts: { telegram: 'tara_lead', email: 'teamlead@demo.test' } },
  { key: 'manager', email: 'manager@demo.test', role: 'manager', managerType: 'affiliate', firstName: 'Mark', lastName: 'Manager',
    teamLead: 'teamlead', contacts: { telegram: 'mark_manager', skype: 'mark.manager', email: 'manager@demo.test', linkedin: 'mark-manager' } },
  { key: 'affiliate', email: 'affiliate@demo.test', role: 'affiliate', firstName: 'Andy', lastName: 'Affiliate', manager: 'manager',
    contacts: { telegram: 'andy_aff' } },
  { key: 'advertiser', email: 'advertiser@demo.test', role: 'advertiser', firstName: 'Ada', lastName: 'Advertiser', manager: 'manager',
    contacts: { email: 'advertiser@demo.test' } },
];

/** Idempotent: users are matched by email, so running it twice changes nothing. */
export const seedDemo = async (db: Db) => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const { key, manager, teamLead, ...u } of DEMO_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, u.email)).limit(1);
    const id = existing?.id ?? (await db.insert(users).values({ ...u, passwordHash }).returning({ id: users.id }))[0].id;
    ids.set(key, id);
    const links = { managerId: manager ? ids.get(manager) : undefined, teamLeadId: teamLead ? ids.get(teamLead) : undefined };
    if (links.managerId || links.teamLeadId) await db.update(users).set(links).where(eq(users.id, id));
  }
  await db.insert(settings).values({ key: 'general', value: { partner_title: 'Demo Network', time_zone: 'Europe/Kyiv', currency: 'USD' } })
    .onConflictDoNothing();
  return ids;
};
