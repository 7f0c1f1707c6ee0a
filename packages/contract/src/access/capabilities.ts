import { ADMIN_ROLES, STAFF_ROLES, type Role } from './roles.ts';

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
