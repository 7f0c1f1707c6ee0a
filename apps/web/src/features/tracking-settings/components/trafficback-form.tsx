import { useState, type FormEvent } from 'react';
import { Anchor, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  TRAFFICBACK_REASONS,
  trafficbackSettingsSchema,
  type TrafficbackReason,
} from '@pxl/contract/tracking/tracking.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useTrafficback } from '../api/get-trafficback.ts';
import { useUpdateTrafficback } from '../api/update-trafficback.ts';
import { MacroHint } from '@/components/ui/macro-hint.tsx';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

const REASONS = Object.keys(TRAFFICBACK_REASONS) as TrafficbackReason[];
type Values = { url: string; reasons: TrafficbackReason[] };

/** Where clicks that cannot reach an offer go, and for which reasons (docs/product/settings.md). */
export function TrafficbackForm({ macros }: { macros: readonly string[] }) {
  const settings = useTrafficback();
  if (!settings.data) return null;
  // The form starts from the settings as first loaded; a later refetch does not overwrite what is being edited.
  const initial = { url: settings.data.url ?? '', reasons: settings.data.reasons };
  return <TrafficbackEditor initial={initial} macros={macros} />;
}

function TrafficbackEditor({ initial, macros }: { initial: Values; macros: readonly string[] }) {
  const update = useUpdateTrafficback();
  const [values, setValues] = useState(initial);
  const { errors, submit: send } = useSaveForm(update);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(trafficbackSettingsSchema, values);
  };
  const reasonError = Object.entries(errors).find(([k]) => k.startsWith('reasons'))?.[1];

  return (
    <SettingsForm label="Trafficback settings" maw={820} gap="lg" saving={update.isPending} onSubmit={submit}>
      <div>
        <TextInput
          label="Global trafficback URL"
          name="url"
          placeholder="https://example.com/offers?click={click_id}"
          description="Leave empty to show the visitor a plain “offer not available” page instead"
          value={values.url}
          error={errors.url}
          onChange={(e) => setValues({ ...values, url: e.currentTarget.value })}
        />
        <MacroHint macros={macros} onInsert={(m) => setValues({ ...values, url: values.url + m })} />
      </div>
      <Checkbox.Group
        label="Send to this URL when a click is refused because"
        value={values.reasons}
        error={reasonError}
        onChange={(v) => setValues({ ...values, reasons: REASONS.filter((r) => v.includes(r)) })}
      >
        <Group gap="xs" mt={4}>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setValues({ ...values, reasons: [...REASONS] })}
          >
            All
          </Anchor>
          <Anchor component="button" type="button" size="xs" onClick={() => setValues({ ...values, reasons: [] })}>
            None
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" mt="xs">
          {REASONS.map((r) => (
            <Checkbox key={r} value={r} label={TRAFFICBACK_REASONS[r]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Text size="sm" c="dimmed">
        An offer's own trafficback URL takes precedence: its refused clicks go there whatever the reason. Reasons not
        ticked here show the visitor the “offer not available” page.
      </Text>
    </SettingsForm>
  );
}
