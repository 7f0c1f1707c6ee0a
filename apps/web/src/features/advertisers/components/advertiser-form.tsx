import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  ADVERTISER_STATUSES,
  advertiserCreateSchema,
  advertiserUpdateSchema,
  type Advertiser,
} from '@pxl/contract/advertisers/advertisers.schemas';
import { picksPartnerManager } from '@pxl/contract/access/capabilities';
import { ContactsSection, ManagerSelect, NotesField, PasswordField } from '@/components/forms/fields.tsx';
import { FormActions, FormPage, FormSection } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useSaveAdvertiser } from '../api/save-advertiser.ts';
import { advertiserBody, advertiserToValues, type AdvertiserFormValues } from './advertiser-form-values.ts';
import { statusOptions } from '@/lib/labels.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { IssuedToken, PostbackTokenPanel } from './postback-token-panel.tsx';

const STATUSES = statusOptions(ADVERTISER_STATUSES.filter((s) => s !== 'deleted'));

/** Create or edit an advertiser; a created advertiser's postback token is shown once before leaving. */
export function AdvertiserForm({ advertiser, onDone }: { advertiser?: Advertiser; onDone: () => void }) {
  const [createdToken, setCreatedToken] = useState<string | null>(null);
  const save = useSaveAdvertiser(advertiser?.uuid);
  const { errors, submit: send, saving } = useSaveForm(save);
  const { values, set, text, choice } = useFormValues<AdvertiserFormValues>(
    () => advertiserToValues(advertiser),
    errors,
  );
  const role = useCurrentRole();
  const managers = useManagerOptions();

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
    <FormPage onSubmit={submit}>
      <FormSection title="Account">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <TextInput label="Company" required {...text('company')} />
          <TextInput label="First name" {...text('first_name')} />
          <TextInput label="Last name" {...text('last_name')} />
          <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
          <PasswordField editing={Boolean(advertiser)} {...text('password')} />
          <Select label="Status" data={STATUSES} {...choice('status')} />
          {picksPartnerManager(role) && (
            <ManagerSelect
              options={managers.options}
              value={values.manager_uuid}
              error={errors.manager_uuid}
              onChange={(manager_uuid) => set({ manager_uuid })}
            />
          )}
        </SimpleGrid>
        <NotesField {...text('notes')} />
      </FormSection>
      <ContactsSection value={values.contacts} onChange={(contacts) => set({ contacts })} errors={errors} />
      {advertiser && <PostbackTokenPanel advertiser={advertiser} />}
      <FormActions label={advertiser ? 'Save' : 'Create advertiser'} saving={saving} onCancel={onDone} />
    </FormPage>
  );
}
