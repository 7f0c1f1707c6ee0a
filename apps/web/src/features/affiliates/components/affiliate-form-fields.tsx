import { MultiSelect, PasswordInput, Select, SimpleGrid, TagsInput, TextInput, Textarea } from '@mantine/core';
import { AFFILIATE_STATUSES } from '@pxl/contract/affiliates/affiliates.schemas';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { statusOptions } from '@/lib/labels.ts';
import type { AffiliateFormValues } from './affiliate-form-values.ts';

const STATUSES = statusOptions(AFFILIATE_STATUSES.filter((s) => s !== 'deleted'));

type Props = {
  values: AffiliateFormValues;
  set: (patch: Partial<AffiliateFormValues>) => void;
  errors: Record<string, string>;
  editing: boolean;
  managerOptions: { value: string; label: string }[] | null;
};

/** Account and profile fields of the affiliate form. */
export function AffiliateFormFields({ values, set, errors, editing, managerOptions }: Props) {
  const text = (key: 'username' | 'first_name' | 'last_name' | 'email' | 'website' | 'heard_from') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput label="Email" required type="email" autoComplete="off" {...text('email')} />
        <PasswordInput
          label="Password"
          required={!editing}
          name="password"
          autoComplete="new-password"
          value={values.password}
          description={editing ? 'Leave empty to keep the current password' : undefined}
          error={errors.password}
          onChange={(e) => set({ password: e.currentTarget.value })}
        />
        <TextInput label="Username" {...text('username')} />
        <TextInput label="First name" required {...text('first_name')} />
        <TextInput label="Last name" {...text('last_name')} />
        <Select
          label="Status"
          name="status"
          data={values.status === 'deleted' ? [...STATUSES, { value: 'deleted', label: 'Deleted' }] : STATUSES}
          allowDeselect={false}
          value={values.status}
          error={errors.status}
          onChange={(v) => v && set({ status: v })}
        />
        {managerOptions && (
          <Select
            label="Manager"
            name="manager_uuid"
            placeholder="Choose a manager"
            searchable
            clearable
            data={managerOptions}
            value={values.manager_uuid}
            error={errors.manager_uuid}
            onChange={(v) => set({ manager_uuid: v })}
          />
        )}
        <TextInput label="Website" placeholder="https://…" {...text('website')} />
        <TextInput label="How they heard of us" {...text('heard_from')} />
      </SimpleGrid>
      <MultiSelect
        label="Geos"
        name="geos"
        placeholder="Countries they work with"
        searchable
        clearable
        data={GEO_OPTIONS}
        value={values.geos}
        error={errors.geos}
        onChange={(geos) => set({ geos })}
      />
      <TagsInput
        label="Tags"
        name="tags"
        placeholder="Type and press Enter"
        value={values.tags}
        error={errors.tags}
        onChange={(tags) => set({ tags })}
      />
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
    </>
  );
}
