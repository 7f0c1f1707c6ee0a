import { Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { GeosField, ManagerSelect, NotesField, PasswordField } from '@/components/forms/fields.tsx';
import type { FormState } from '@/components/forms/use-form-values.ts';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { AFFILIATE_STATUSES } from '@pxl/contract/affiliates/affiliates.schemas';
import { statusOptions } from '@/lib/labels.ts';
import type { AffiliateFormValues } from './affiliate-form-values.ts';

const STATUSES = statusOptions(AFFILIATE_STATUSES.filter((s) => s !== 'deleted'));

type Props = {
  form: FormState<AffiliateFormValues>;
  errors: FieldErrors;
  editing: boolean;
  managerOptions: Option[] | null;
};

/** Account and profile fields of the affiliate form. */
export function AffiliateFormFields({
  form: { values, set, text, choice, list },
  errors,
  editing,
  managerOptions,
}: Props) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
        <PasswordField editing={editing} {...text('password')} />
        <TextInput label="Username" {...text('username')} />
        <TextInput label="First name" required {...text('first_name')} />
        <TextInput label="Last name" {...text('last_name')} />
        <Select
          label="Status"
          data={values.status === 'deleted' ? [...STATUSES, { value: 'deleted', label: 'Deleted' }] : STATUSES}
          {...choice('status')}
        />
        {managerOptions && (
          <ManagerSelect
            options={managerOptions}
            value={values.manager_uuid}
            error={errors.manager_uuid}
            onChange={(manager_uuid) => set({ manager_uuid })}
          />
        )}
        <TextInput label="Website" placeholder="https://…" {...text('website')} />
        <TextInput label="How they heard of us" {...text('heard_from')} />
      </SimpleGrid>
      <GeosField placeholder="Countries they work with" {...list('geos')} />
      <TagsInput label="Tags" placeholder="Type and press Enter" {...list('tags')} />
      <NotesField {...text('notes')} />
    </>
  );
}
