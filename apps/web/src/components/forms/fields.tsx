import {
  MultiSelect,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type MultiSelectProps,
  type PasswordInputProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { ContactInputs, type ContactValues } from '@/components/ui/messenger-link-inputs.tsx';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { FormSection } from './form-layout.tsx';

/** A partner's or staff member's password: required on creation, left empty to keep it when editing. */
export function PasswordField({ editing, ...props }: PasswordInputProps & { editing: boolean }) {
  return (
    <PasswordInput
      label="Password"
      required={!editing}
      autoComplete="new-password"
      description={editing ? 'Leave empty to keep the current password' : undefined}
      {...props}
    />
  );
}

/** The staff member a partner belongs to. */
export function ManagerSelect({
  options,
  value,
  error,
  onChange,
}: {
  options: Option[];
  value: string | null;
  error?: string;
  onChange: (uuid: string | null) => void;
}) {
  return (
    <Select
      label="Manager"
      name="manager_uuid"
      placeholder="Choose a manager"
      searchable
      clearable
      data={options}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

/** Free notes on a record, growing with their text. */
export function NotesField(props: TextareaProps) {
  return <Textarea label="Notes" autosize minRows={2} maxRows={6} {...props} />;
}

/** Countries, by code or name. */
export function GeosField(props: MultiSelectProps) {
  return <MultiSelect label="Geos" searchable clearable data={GEO_OPTIONS} {...props} />;
}

/** The card of a person's messenger and phone contacts. */
export function ContactsSection({
  value,
  onChange,
  errors,
}: {
  value: ContactValues;
  onChange: (contacts: ContactValues) => void;
  errors: FieldErrors;
}) {
  return (
    <FormSection title="Contacts">
      <ContactInputs value={value} onChange={onChange} errors={errors} />
    </FormSection>
  );
}

/** A new password being chosen (reset, change): the browser may offer to generate one. */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="New password"
      autoComplete="new-password"
      required
      description="At least 8 characters"
      {...props}
    />
  );
}

/** The new password typed again, checked against the first before sending. */
export function RepeatPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...props} />;
}

/** The password of the person signed in, asked again before a sensitive change. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Password" autoComplete="current-password" required {...props} />;
}

/** A code from the authenticator app, or one of the recovery codes. */
export function AuthCodeInput(props: TextInputProps) {
  return <TextInput label="Authentication code or recovery code" autoComplete="one-time-code" {...props} />;
}
