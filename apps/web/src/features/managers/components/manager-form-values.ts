import { sitsInTeam, staffRolesGrantedBy } from '@pxl/contract/access/capabilities';
import type { Role } from '@pxl/contract/access/roles';
import type { Manager } from '@pxl/contract/managers/managers.schemas';
import type { ContactValues } from '@/components/ui/messenger-link-inputs.tsx';
import { ROLE_OPTIONS } from './manager-labels.tsx';

export type ManagerFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  role: string;
  type: string;
  team_lead_uuid: string | null;
  status: string;
  contacts: ContactValues;
  notes: string;
};

export const managerToValues = (m?: Manager): ManagerFormValues => ({
  first_name: m?.first_name ?? '',
  last_name: m?.last_name ?? '',
  email: m?.email ?? '',
  password: '',
  role: m?.role ?? 'manager',
  type: m?.type ?? 'affiliate',
  team_lead_uuid: m?.team_lead?.uuid ?? null,
  status: m?.status ?? 'active',
  contacts: { ...m?.contacts },
  notes: m?.notes ?? '',
});

/** Roles the signed-in user may give: heads only by admin and head; a team lead creates managers only. */
export function roleOptionsFor(role: Role | null) {
  const granted: readonly string[] = staffRolesGrantedBy(role);
  return ROLE_OPTIONS.filter((o) => granted.includes(o.value));
}

export function managerBody(values: ManagerFormValues): Record<string, unknown> {
  const { contacts, team_lead_uuid, ...rest } = values;
  const filled = Object.fromEntries(
    Object.entries(contacts)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  );
  return { ...rest, contacts: filled, team_lead_uuid: sitsInTeam(values.role) ? team_lead_uuid || null : null };
}
