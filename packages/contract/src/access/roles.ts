import { z } from 'zod';

export const ROLES = ['admin', 'head', 'manager', 'team_lead', 'affiliate', 'advertiser'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const STAFF_ROLES = ['admin', 'head', 'manager', 'team_lead'] as const satisfies readonly Role[];
export const PARTNER_ROLES = ['affiliate', 'advertiser'] as const satisfies readonly Role[];
export const ADMIN_ROLES = ['admin', 'head'] as const satisfies readonly Role[];
export const ALL_ROLES = ROLES;
/** Admin, head and manager create, edit and open offers; team leads have no offers. */
export const OFFER_EDITORS = ['admin', 'head', 'manager'] as const satisfies readonly Role[];

export const MANAGER_ROLE_VALUES = ['head', 'team_lead', 'manager'] as const;
export const MANAGER_TYPE_VALUES = ['affiliate', 'advertiser', 'support', 'finance', 'head'] as const;
export type ManagerType = (typeof MANAGER_TYPE_VALUES)[number];

export const USER_STATUSES = ['active', 'not_active', 'on_moderation', 'banned', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Only these may sign in (docs/product/roles-and-scoping.md). */
export const SIGN_IN_STATUSES: readonly UserStatus[] = ['active', 'not_active'];

export const isStaff = (role: string): boolean => (STAFF_ROLES as readonly string[]).includes(role);

/** Role names are matched in lower case; "team lead" is team_lead on the wire (docs/product/roles-and-scoping.md). */
export const normalizeRole = (role: string | null | undefined): Role | null => {
  const r = (role ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (ROLES as readonly string[]).includes(r) ? (r as Role) : null;
};
