import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { grantsAnyStaffRole, leadsTeam, sitsInTeam } from '@pxl/contract/access/capabilities';
import { managerCreateSchema, managerUpdateSchema, type Manager } from '@pxl/contract/managers/managers.schemas';
import { ContactInputs } from '@/components/ui/messenger-link-inputs.tsx';
import { useAuth, useCurrentRole } from '@/lib/session/auth-store.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveManager } from '../api/save-manager.ts';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './manager-labels.tsx';
import { managerBody, managerToValues, roleOptionsFor, type ManagerFormValues } from './manager-form-values.ts';

type TextKey = 'first_name' | 'last_name' | 'email';

/** Create or edit a head, team lead or manager. */
export function ManagerForm({ manager, onDone }: { manager?: Manager; onDone: () => void }) {
  const [values, setValues] = useState<ManagerFormValues>(() => managerToValues(manager));
  const { errors, submit: send, saving } = useSaveForm(useSaveManager(manager?.uuid));
  const role = useCurrentRole();
  const me = useAuth((s) => s.uuid);
  const options = useManagerOptions();
  const teamLeads = (options.data?.list ?? [])
    .filter((m) => leadsTeam(m.role) && m.uuid !== manager?.uuid)
    .map((m) => ({ value: m.uuid, label: `${m.first_name} ${m.last_name}`.trim() || m.email }));
  const roles = roleOptionsFor(role);
  // Only admin and head change a role freely: a team lead editing their own card keeps their role.
  const keepsOwnRole = !grantsAnyStaffRole(role) && manager?.uuid === me;
  const set = (patch: Partial<ManagerFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });

  const submit = () =>
    send(manager ? managerUpdateSchema : managerCreateSchema, managerBody(values), {
      notice: (saved) => `Manager ${saved.email} ${manager ? 'saved' : 'created'}`,
      onSaved: onDone,
    });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" maw={1100}>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={4}>Account</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput label="First name" required {...text('first_name')} />
              <TextInput label="Last name" {...text('last_name')} />
              <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
              <PasswordInput
                label="Password"
                required={!manager}
                name="password"
                autoComplete="new-password"
                value={values.password}
                description={manager ? 'Leave empty to keep the current password' : undefined}
                error={errors.password}
                onChange={(e) => set({ password: e.currentTarget.value })}
              />
              <Select
                label="Role"
                name="role"
                allowDeselect={false}
                value={values.role}
                error={errors.role}
                data={
                  roles.some((o) => o.value === values.role)
                    ? roles
                    : [...roles, { value: values.role, label: values.role }]
                }
                disabled={keepsOwnRole}
                onChange={(v) => v && set({ role: v })}
              />
              <Select
                label="Type"
                name="type"
                allowDeselect={false}
                data={TYPE_OPTIONS}
                value={values.type}
                error={errors.type}
                onChange={(v) => v && set({ type: v })}
              />
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
              <Select
                label="Status"
                name="status"
                allowDeselect={false}
                data={STATUS_OPTIONS}
                value={values.status}
                error={errors.status}
                onChange={(v) => v && set({ status: v })}
              />
            </SimpleGrid>
            <Textarea
              label="Notes"
              name="notes"
              autosize
              minRows={2}
              maxRows={6}
              value={values.notes}
              error={errors.notes}
              onChange={(e) => set({ notes: e.currentTarget.value })}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={4}>Contacts</Title>
            <ContactInputs value={values.contacts} onChange={(contacts) => set({ contacts })} errors={errors} />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={saving}>
            {manager ? 'Save' : 'Create manager'}
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
