import { useState, type FormEvent } from 'react';
import { Divider, NumberInput, Select, TextInput } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { generalSettingsSchema, RAW_CLICKS_DAYS, type GeneralSettings } from '@pxl/contract/settings/settings.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useGeneralSettings } from '../api/get-general-settings.ts';
import { useUpdateGeneralSettings } from '../api/update-general-settings.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

type Props = { timeZones: Option[]; currencies: Option[] };

/**
 * Partner title (the tab title), defaults, days of raw clicks kept and the support contacts partners see
 * (docs/product/settings.md).
 */
export function GeneralSettingsForm(props: Props) {
  const settings = useGeneralSettings();
  // The form starts from the settings as first loaded; a later refetch does not overwrite what is being edited.
  return settings.data ? <GeneralSettingsEditor initial={settings.data} {...props} /> : null;
}

function GeneralSettingsEditor({ initial, timeZones, currencies }: Props & { initial: GeneralSettings }) {
  const update = useUpdateGeneralSettings();
  const [values, setValues] = useState(initial);
  // The input's text while it is typed ('' when emptied); the schema says what is wrong with it on save.
  const [days, setDays] = useState<number | string>(initial.raw_clicks_days);
  const { errors, submit: send } = useSaveForm(update);

  const set = (field: keyof GeneralSettings, value: string | null) => setValues({ ...values, [field]: value ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(generalSettingsSchema, { ...values, raw_clicks_days: days === '' ? null : Number(days) });
  };

  return (
    <SettingsForm maw={560} saving={update.isPending} onSubmit={submit}>
      <TextInput
        label="Partner title"
        name="partner_title"
        description="Shown in the browser tab title"
        required
        value={values.partner_title}
        onChange={(e) => set('partner_title', e.currentTarget.value)}
        error={errors.partner_title}
      />
      <Select
        label="Default time zone"
        name="time_zone"
        searchable
        required
        data={timeZones}
        value={values.time_zone}
        onChange={(v) => set('time_zone', v)}
        error={errors.time_zone}
        nothingFoundMessage="No such time zone"
      />
      <Select
        label="Default currency"
        name="currency"
        required
        data={currencies}
        value={values.currency}
        onChange={(v) => set('currency', v)}
        error={errors.currency}
        allowDeselect={false}
      />
      <NumberInput
        label="Days of raw clicks kept"
        name="raw_clicks_days"
        description="Older clicks are dropped a week at a time; postback logs keep at least a year; statistics are kept forever"
        min={RAW_CLICKS_DAYS.min}
        max={RAW_CLICKS_DAYS.max}
        allowDecimal={false}
        allowNegative={false}
        w={240}
        required
        value={days}
        onChange={setDays}
        error={errors.raw_clicks_days}
      />
      <Divider label="Support contacts, shown to partners" labelPosition="left" />
      <TextInput
        label="Support e-mail"
        name="support_email"
        type="email"
        placeholder="support@example.com"
        value={values.support_email}
        onChange={(e) => set('support_email', e.currentTarget.value)}
        error={errors.support_email}
      />
      <TextInput
        label="Telegram"
        name="support_telegram"
        placeholder="@support_handle"
        value={values.support_telegram}
        onChange={(e) => set('support_telegram', e.currentTarget.value)}
        error={errors.support_telegram}
      />
      <TextInput
        label="Skype, WhatsApp or phone"
        name="support_phone"
        placeholder="+1 555 010 20"
        value={values.support_phone}
        onChange={(e) => set('support_phone', e.currentTarget.value)}
        error={errors.support_phone}
      />
    </SettingsForm>
  );
}
