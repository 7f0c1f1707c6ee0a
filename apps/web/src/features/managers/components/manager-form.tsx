import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { grantsAnyStaffRole, leadsTeam, sitsInTeam } from '@pxl/contract/access/capabilities';
import { managerCreateSchema, managerUpdateSchema, type Manager } from '@pxl/contract/managers/managers.schemas';
import { ContactsSection, NotesField, PasswordField } from '@/components/forms/fields.tsx';
import { FormActions, FormPage, FormSection } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { useAuth, useCurrentRole } from '@/lib/session/auth-store.ts';
import { managerLabel, useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveManager } from '../api/save-manager.ts';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './manager-labels.tsx';
import { managerBody, managerToValues, roleOptionsFor, type ManagerFormValues } from './manager-form-values.ts';

/** Create or edit a head, team lead or manager. */
export function ManagerForm({ manager, onDone }: { manager?: Manager; onDone: () => void }) {
  const { errors, submit: send, saving } = useSaveForm(useSaveManager(manager?.uuid));
  const { values, set, text, choice } = useFormValues<ManagerFormValues>(() => managerToValues(manager), errors);
  const role = useCurrentRole();
  const me = useAuth((s) => s.uuid);
  const options = useManagerOptions();
  const teamLeads = (options.data?.list ?? [])
    .filter((m) => leadsTeam(m.role) && m.uuid !== manager?.uuid)
    .map((m) => ({ value: m.uuid, label: managerLabel(m) }));
  const roles = roleOptionsFor(role);
  // Only admin and head change a role freely: a team lead editing their own card keeps their role.
  const keepsOwnRole = !grantsAnyStaffRole(role) && manager?.uuid === me;

  const submit = () =>
    send(manager ? managerUpdateSchema : managerCreateSchema, managerBody(values), {
      notice: (saved) => `Manager ${saved.email} ${manager ? 'saved' : 'created'}`,
      onSaved: onDone,
    });

  return (
    <FormPage onSubmit={submit}>
      <FormSection title="Account">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <TextInput label="First name" required {...text('first_name')} />
          <TextInput label="Last name" {...text('last_name')} />
          <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
          <PasswordField editing={Boolean(manager)} {...text('password')} />
          <Select
            label="Role"
            data={
              roles.some((o) => o.value === values.role)
                ? roles
                : [...roles, { value: values.role, label: values.role }]
            }
            disabled={keepsOwnRole}
            {...choice('role')}
          />
          <Select label="Type" data={TYPE_OPTIONS} {...choice('type')} />
          {sitsInTeam(values.role) && (
            <Select
              label="Team lead"
              name="team_lead_uuid"
              placeholder="No team lead"
              clearable
              searchable
              data={teamLeads}
              value={values.team_lead_uuid}
              error={errors.team_lead_uuid}
              onChange={(v) => set({ team_lead_uuid: v })}
            />
          )}
          <Select label="Status" data={STATUS_OPTIONS} {...choice('status')} />
        </SimpleGrid>
        <NotesField {...text('notes')} />
      </FormSection>
      <ContactsSection value={values.contacts} onChange={(contacts) => set({ contacts })} errors={errors} />
      <FormActions label={manager ? 'Save' : 'Create manager'} saving={saving} onCancel={onDone} />
    </FormPage>
  );
}
