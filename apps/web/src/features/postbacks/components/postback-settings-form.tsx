import { useState, type FormEvent } from 'react';
import { Anchor, Divider, Text, Title } from '@mantine/core';
import { INTEGRATION_GUIDE_PATH } from '@pxl/contract/http/docs';
import { POSTBACK_EVENTS, type PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { usePostbackSettings } from '../api/get-postback-settings.ts';
import { useSavePostbackSettings } from '../api/save-postback-settings.ts';
import { MacroHint } from '@/components/ui/macro-hint.tsx';
import { OverrideRows } from './override-rows.tsx';
import { EVENTS, validate, valuesFrom, type Setting } from './settings-values.ts';
import { UrlField } from './url-field.tsx';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

const NOTES: Partial<Record<PostbackEvent, string>> = {
  conversion: 'Sent when a conversion is recorded for your click',
  status_change: 'Sent when a conversion is approved, rejected or put on hold',
  lead: 'Fires for API offers: sent when a lead you sent is accepted',
  ftd: 'Fires for API offers: sent when a lead makes a first deposit',
};

/** Where an URL field is: an event of the general URLs, or a per-offer row's key. */
type Target = { kind: 'general'; event: PostbackEvent } | { kind: 'override'; key: string };

/** The affiliate's postback URLs (docs/product/tracking.md): one per event, per-offer overrides; Save replaces them all. */
export function PostbackSettingsForm({ macros }: { macros: readonly string[] }) {
  const settings = usePostbackSettings();
  // The form starts from the settings as first loaded; a later refetch does not overwrite what is being edited, and
  // a failed one hides the form without dropping it.
  if (settings.data)
    return <PostbackSettingsEditor initial={settings.data.list} failed={settings.isError} macros={macros} />;
  return settings.isError ? <LoadError /> : null;
}

const LoadError = () => (
  <Text c="red.7" size="sm">
    Your postback settings could not be loaded.
  </Text>
);

function PostbackSettingsEditor({
  initial,
  failed,
  macros,
}: {
  initial: readonly Setting[];
  failed: boolean;
  macros: readonly string[];
}) {
  const save = useSavePostbackSettings();
  const [values, setValues] = useState(() => valuesFrom(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [target, setTarget] = useState<Target>({ kind: 'general', event: 'conversion' });
  if (failed) return <LoadError />;

  const setGeneral = (event: PostbackEvent, url: string) =>
    setValues({ ...values, general: { ...values.general, [event]: url } });
  const insert = (macro: string) => {
    if (target.kind === 'general') return setGeneral(target.event, values.general[target.event] + macro);
    setValues({
      ...values,
      overrides: values.overrides.map((r) => (r.key === target.key ? { ...r, url: r.url + macro } : r)),
    });
  };
  const overrideIndex = target.kind === 'override' ? values.overrides.findIndex((r) => r.key === target.key) : -1;
  const targetName =
    target.kind === 'general'
      ? `the ${POSTBACK_EVENTS[target.event]} URL`
      : overrideIndex >= 0
        ? `per-offer URL ${overrideIndex + 1}`
        : 'the Conversion URL';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    save.mutate(checked.body, {
      onSuccess: (data) => setValues(valuesFrom(data.list)),
      onError: (e) => setErrors(apiFieldErrors(e)),
    });
  };

  return (
    <SettingsForm
      label="Postback settings"
      maw={900}
      p={{ base: 'sm', sm: 'lg' }}
      saving={save.isPending}
      onSubmit={submit}
    >
      <Text size="sm" c="dimmed">
        We call these URLs on your tracker when something happens to your traffic. Leave a field empty to get no
        postback for that event.{' '}
        <Anchor href={INTEGRATION_GUIDE_PATH} target="_blank" inherit>
          Integration guide: events and macros
        </Anchor>
      </Text>
      {EVENTS.map((event) => (
        <UrlField
          key={event}
          label={POSTBACK_EVENTS[event]}
          name={`url-${event}`}
          description={NOTES[event]}
          event={event}
          value={values.general[event]}
          error={errors[`general.${event}`]}
          onChange={(url) => setGeneral(event, url)}
          onFocus={() => setTarget({ kind: 'general', event })}
        />
      ))}
      <MacroHint macros={macros} onInsert={insert} target={targetName} />
      <Divider />
      <div>
        <Title order={4}>Per-offer URLs</Title>
        <Text size="sm" c="dimmed">
          For one offer and event, use this URL instead of the one above.
        </Text>
      </div>
      <OverrideRows
        rows={values.overrides}
        errors={errors}
        onFocus={(key) => setTarget({ kind: 'override', key })}
        onChange={(overrides) => setValues({ ...values, overrides })}
      />
      {errors.items && (
        <Text c="red.7" size="sm">
          {errors.items}
        </Text>
      )}
    </SettingsForm>
  );
}
