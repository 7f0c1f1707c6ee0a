import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a distribution may send a stored lead: lists are shared by every Cold API role, but a team lead's
 * distribution sends only the leads of their team's affiliates (docs/product/cold-api.md, "Re-Cold API
 * distributions"), the scope `partnerScope` gives a team lead (lib/scope.ts), checked against whoever created it.
 */
export const sendableBy = (createdBy: SQL, affiliateId: SQL): SQL =>
  sql`(not exists (select 1 from users c where c.id = ${createdBy} and c.role = 'team_lead')
    or ${affiliateId} in (select a.id from users a where a.manager_id = ${createdBy}
      or a.manager_id in (select m.id from users m where m.team_lead_id = ${createdBy})))`;
