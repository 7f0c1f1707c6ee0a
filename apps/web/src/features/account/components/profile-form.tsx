import { useMemo, useState, type FormEvent } from 'react';
import { Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import type { z } from 'zod';
import { profileUpdateSchema, type profileSchema } from '@pxl/contract/account/index';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

const CONTACTS = [
  ['skype', 'Skype', 'live:username'],
  ['telegram', 'Telegram', '@username'],
  ['email', 'Contact email', 'name@example.com'],
  ['linkedin', 'LinkedIn', 'https://linkedin.com/in/…'],
  ['phone', 'Phone', '+1 555 0100'],
] as const;
type ContactKey = (typeof CONTACTS)[number][0];
type Profile = z.infer<typeof profileSchema>;

/** The Select cannot hold null: this value stands for "use the network default". */
const NETWORK_DEFAULT = '__network_default__';

type Values = { first_name: string; last_name: string; time_zone: string; contacts: Record<ContactKey, string> };

const toValues = (p: Profile): Values => ({
  first_name: p.first_name,
  last_name: p.last_name,
  time_zone: p.time_zone ?? NETWORK_DEFAULT,
  contacts: {
    skype: p.contacts.skype ?? '',
    telegram: p.contacts.telegram ?? '',
    email: p.contacts.email ?? '',
    linkedin: p.contacts.linkedin ?? '',
    phone: p.contacts.phone ?? '',
  },
});

/** Own names, contacts and display time zone; the email is the login and stays read-only here. */
export function ProfileForm(props: { timeZones: Option[]; networkTimeZone?: string }) {
  const profile = useProfile();
  // The form starts from the profile as first loaded; a later refetch does not overwrite what is being edited.
  return profile.data ? <ProfileEditor profile={profile.data} {...props} /> : null;
}

function ProfileEditor({
  profile,
  timeZones,
  networkTimeZone,
}: {
  profile: Profile;
  timeZones: Option[];
  networkTimeZone?: string;
}) {
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => toValues(profile));
  const { errors, submit: send } = useSaveForm(update);
  const zoneOptions = useMemo(
    () => [
      { value: NETWORK_DEFAULT, label: `Network default${networkTimeZone ? ` (${networkTimeZone})` : ''}` },
      ...timeZones,
    ],
    [timeZones, networkTimeZone],
  );

  const setContact = (key: ContactKey, value: string) =>
    setValues({ ...values, contacts: { ...values.contacts, [key]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const contacts = Object.fromEntries(
      Object.entries(values.contacts)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v),
    );
    send(
      profileUpdateSchema,
      {
        first_name: values.first_name,
        last_name: values.last_name,
        contacts,
        time_zone: values.time_zone === NETWORK_DEFAULT ? null : values.time_zone,
      },
      { onSaved: (data) => setValues(toValues(data)) },
    );
  };

  return (
    <SettingsForm label="Profile" saving={update.isPending} onSubmit={submit}>
      <Title order={4}>Profile</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="First name"
          name="first_name"
          required
          value={values.first_name}
          error={errors.first_name}
          onChange={(e) => setValues({ ...values, first_name: e.currentTarget.value })}
        />
        <TextInput
          label="Last name"
          name="last_name"
          value={values.last_name}
          error={errors.last_name}
          onChange={(e) => setValues({ ...values, last_name: e.currentTarget.value })}
        />
        <TextInput
          label="Email"
          name="email"
          value={profile.email}
          readOnly
          disabled
          description="Your login; it cannot be changed here"
        />
        <Select
          label="Time zone"
          name="time_zone"
          searchable
          data={zoneOptions}
          value={values.time_zone}
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          error={errors.time_zone}
          description="Dates and reports are shown in this zone"
          onChange={(v) => setValues({ ...values, time_zone: v ?? NETWORK_DEFAULT })}
        />
      </SimpleGrid>
      <Title order={5}>Contacts</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CONTACTS.map(([key, label, placeholder]) => (
          <TextInput
            key={key}
            label={label}
            name={`contacts.${key}`}
            placeholder={placeholder}
            value={values.contacts[key]}
            error={errors[`contacts.${key}`] ?? (key === 'email' ? errors.contacts : undefined)}
            onChange={(e) => setContact(key, e.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
    </SettingsForm>
  );
}
