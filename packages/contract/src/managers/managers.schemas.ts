import { z } from 'zod';
import { MANAGER_TYPE_VALUES } from '../access/roles.ts';
import { contactsSchema, emailSchema, passwordSchema } from '../auth/auth.schemas.ts';
import { listQuerySchema, optionalText, refSchema } from '../http/list.ts';
import { optionalPersonNameSchema, personNameSchema } from '../auth/person-name.ts';

export const MANAGER_ROLES_EDITABLE = ['head', 'team_lead', 'manager'] as const;
export const managerRoleSchema = z.enum(MANAGER_ROLES_EDITABLE);
export const managerTypeSchema = z.enum(MANAGER_TYPE_VALUES);
export const MANAGER_STATUSES = ['active', 'deleted'] as const;

export const managerSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: managerRoleSchema,
  type: managerTypeSchema,
  team_lead: refSchema.nullable(),
  status: z.enum(MANAGER_STATUSES),
  contacts: contactsSchema,
  notes: z.string(),
  partners_count: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type Manager = z.infer<typeof managerSchema>;

const managerFields = {
  email: emailSchema,
  first_name: personNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  role: managerRoleSchema,
  type: managerTypeSchema,
  team_lead_uuid: z.uuid().nullable().optional(),
  status: z.enum(MANAGER_STATUSES).default('active'),
  contacts: contactsSchema.default({}),
  notes: optionalText(5000),
};
export const managerCreateSchema = z.object({ ...managerFields, password: passwordSchema });
export const managerUpdateSchema = z.object({
  ...managerFields,
  status: z.enum(MANAGER_STATUSES).optional(),
  password: passwordSchema.optional().or(z.literal('').transform(() => undefined)),
});

export const MANAGER_SORTS = ['created_at', 'email', 'name', 'role', 'last_login_at'] as const;
export const managerListQuerySchema = listQuerySchema(MANAGER_SORTS).extend({
  status: z.enum(MANAGER_STATUSES).optional(),
  role: managerRoleSchema.optional(),
});
