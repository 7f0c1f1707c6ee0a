import { ADMIN_ROLES, MANAGER_ROLE_VALUES, STAFF_ROLES, type Role } from './roles.ts';

// What a role may do beyond calling an endpoint (for that, canCall with the endpoint): named here so the server
// and the web ask the same question instead of comparing role names (docs/product/roles-and-scoping.md).

const within = (roles: readonly Role[], role: Role | null): boolean => role !== null && roles.includes(role);

/** Admin and head read everyone's audit log; the other staff read the entries by or about themselves. */
export const readsWholeLog = (role: Role | null): boolean => within(ADMIN_ROLES, role);

/** Staff see every column of the click and conversion logs; partners see their own side only. */
export const seesStaffColumns = (role: Role | null): boolean => within(STAFF_ROLES, role);

/** Admin and head give staff any role; a team lead adds managers to their team only. */
export const grantsAnyStaffRole = (role: Role | null): boolean => within(ADMIN_ROLES, role);

/** A manager's new partners are theirs (the server assigns them); the other staff pick the partner's manager. */
export const picksPartnerManager = (role: Role | null): boolean => role !== 'manager';

/** The staff roles a role may give: admin and head any of them; a team lead only plain managers of their own team. */
export const staffRolesGrantedBy = (role: Role | null): readonly Role[] =>
  grantsAnyStaffRole(role) ? MANAGER_ROLE_VALUES : ['manager'];

/** Only plain managers sit in a team, under a team lead (a role of the person edited, not of the caller). */
export const sitsInTeam = (role: string): boolean => role === 'manager';

/** Team leads are the ones a manager's team is led by: the team-lead picker lists them. */
export const leadsTeam = (role: string): boolean => role === 'team_lead';

/** An affiliate reads their own traffic only: reports and logs show, filter and group no affiliate for them. */
export const readsOwnTrafficOnly = (role: Role | null): boolean => role === 'affiliate';

/** Advertisers see the affiliates on their offers by ID only, never by name or email. */
export const seesAffiliatesByIdOnly = (role: Role | null): boolean => role === 'advertiser';

/** Revenue (what the advertiser pays) is for staff and the advertiser; affiliates never see it. */
export const seesRevenue = (role: Role | null): boolean => within([...STAFF_ROLES, 'advertiser'], role);

/** Payout (what the affiliate earns) and EPC are for staff and the affiliate; advertisers never see them. */
export const seesPayout = (role: Role | null): boolean => within([...STAFF_ROLES, 'affiliate'], role);
