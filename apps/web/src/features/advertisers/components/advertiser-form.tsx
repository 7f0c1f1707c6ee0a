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
import {
  ADVERTISER_STATUSES,
  advertiserCreateSchema,
  advertiserUpdateSchema,
  type Advertiser,
} from '@pxl/contract/advertisers/advertisers.schemas';
import { picksPartnerManager } from '@pxl/contract/access/capabilities';
import { ContactInputs } from '@/components/ui/messenger-link-inputs.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useSaveAdvertiser } from '../api/save-advertiser.ts';
import { advertiserBody, advertiserToValues, type AdvertiserFormValues } from './advertiser-form-values.ts';
import { statusOptions } from '@/lib/labels.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { IssuedToken, PostbackTokenPanel } from './postback-token-panel.tsx';

const STATUSES = statusOptions(ADVERTISER_STATUSES.filter((s) => s !== 'deleted'));
type TextKey = 'company' | 'first_name' | 'last_name' | 'email';

/** Create or edit an advertiser; a created advertiser's postback token is shown once before leaving. */
export function AdvertiserForm({ advertiser, onDone }: { advertiser?: Advertiser; onDone: () => void }) {
  const [values, setValues] = useState<AdvertiserFormValues>(() => advertiserToValues(advertiser));
  const [createdToken, setCreatedToken] = useState<string | null>(null);
  const save = useSaveAdvertiser(advertiser?.uuid);
  const { errors, submit: send, saving } = useSaveForm(save);
  const role = useCurrentRole();
  const managers = useManagerOptions();
  const set = (patch: Partial<AdvertiserFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });

  const submit = () =>
    send(advertiser ? advertiserUpdateSchema : advertiserCreateSchema, advertiserBody(values), {
      notice: (saved) => `Advertiser ${saved.company} ${advertiser ? 'saved' : 'created'}`,
      onSaved: (saved) => {
        const token = (saved as { postback_token?: string }).postback_token;
        if (token) setCreatedToken(token);
        else onDone();
      },
    });

  if (createdToken) {
    return (
      <Stack gap="md" maw={1100}>
        <IssuedToken token={createdToken} />
        <Group>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }

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
              <TextInput label="Company" required {...text('company')} />
              <TextInput label="First name" {...text('first_name')} />
              <TextInput label="Last name" {...text('last_name')} />
              <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
              <PasswordInput
                label="Password"
                required={!advertiser}
                name="password"
                autoComplete="new-password"
                value={values.password}
                description={advertiser ? 'Leave empty to keep the current password' : undefined}
                error={errors.password}
                onChange={(e) => set({ password: e.currentTarget.value })}
              />
              <Select
                label="Status"
                name="status"
                data={STATUSES}
                allowDeselect={false}
                value={values.status}
                error={errors.status}
                onChange={(v) => v && set({ status: v })}
              />
              {picksPartnerManager(role) && (
                <Select
                  label="Manager"
                  name="manager_uuid"
                  placeholder="Choose a manager"
                  searchable
                  clearable
                  data={managers.options}
                  value={values.manager_uuid}
                  error={errors.manager_uuid}
                  onChange={(v) => set({ manager_uuid: v })}
                />
              )}
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
        {advertiser && <PostbackTokenPanel advertiser={advertiser} />}
        <Group>
          <Button type="submit" loading={saving}>
            {advertiser ? 'Save' : 'Create advertiser'}
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
