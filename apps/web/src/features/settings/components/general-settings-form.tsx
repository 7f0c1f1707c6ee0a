import { useState, type FormEvent } from 'react';
import { Divider, NumberInput, Select, TextInput } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { generalSettingsSchema, RAW_CLICKS_DAYS, type GeneralSettings } from '@pxl/contract/settings/settings.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useGeneralSettings } from '../api/get-general-settings.ts';
import { useUpdateGeneralSettings } from '../api/update-general-settings.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';

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
  const { errors, submit: send } = useSaveForm(update);
  const { values, set, text, choice } = useFormValues(() => initial, errors);
  // The input's text while it is typed ('' when emptied); the schema says what is wrong with it on save.
  const [days, setDays] = useState<number | string>(initial.raw_clicks_days);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(generalSettingsSchema, { ...values, raw_clicks_days: days === '' ? null : Number(days) });
  };

  return (
    <SettingsForm maw={560} saving={update.isPending} onSubmit={submit}>
      <TextInput
        label="Partner title"
        description="Shown in the browser tab title"
        required
        {...text('partner_title')}
      />
      <Select
        label="Default time zone"
        name="time_zone"
        searchable
        required
        data={timeZones}
        value={values.time_zone}
        onChange={(v) => set({ time_zone: v ?? '' })}
        error={errors.time_zone}
        nothingFoundMessage="No such time zone"
      />
      <Select label="Default currency" required data={currencies} {...choice('currency')} />
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
      <TextInput label="Support e-mail" type="email" placeholder="support@example.com" {...text('support_email')} />
      <TextInput label="Telegram" placeholder="@support_handle" {...text('support_telegram')} />
      <TextInput label="Skype, WhatsApp or phone" placeholder="+1 555 010 20" {...text('support_phone')} />
    </SettingsForm>
  );
}
