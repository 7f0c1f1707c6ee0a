import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { landingInputSchema, type Landing } from '@pxl/contract/landings/landings.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveLanding } from '../api/save-landing.ts';
import { FORM_STATUS_OPTIONS, PRIVACY_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS } from './landing-labels.ts';
import {
  attachedOfferOptions,
  fieldError,
  landingBody,
  landingToValues,
  type LandingFormValues,
} from './landing-form-values.ts';
import { MacroHint } from '@/components/ui/macro-hint.tsx';
import { OfferPicker } from './offer-picker.tsx';
import type { Option } from '@pxl/contract/constants/options';

/** Hints under the inputs, so the inputs of a row line up whether or not a field has one. */
const BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

type Props = { landing?: Landing; languages: Option[]; macros: readonly string[]; onDone: () => void };

/** Create or edit a landing or pre-landing (docs/product/offers.md), with the offers it is attached to. */
export function LandingForm({ landing, languages, macros, onDone }: Props) {
  const [values, setValues] = useState<LandingFormValues>(() => landingToValues(landing));
  const { errors, submit: send, saving } = useSaveForm(useSaveLanding(landing?.uuid));
  const deleted = landing?.status === 'deleted';
  const set = (patch: Partial<LandingFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const err = (field: string) => fieldError(errors, field);
  const text = (key: 'name' | 'url' | 'preview_url') => ({
    name: key,
    value: values[key],
    error: err(key),
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });

  const submit = () =>
    send(landingInputSchema, landingBody(values), {
      notice: (saved) => `Landing ${saved.name} ${landing ? 'saved' : 'created'}`,
      onSaved: onDone,
    });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" maw={1100}>
        {deleted && (
          <Alert color="gray" title="This landing is deleted">
            Restore it from the list's actions before editing it.
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={4}>Landing</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput label="Name" required maxLength={200} {...text('name')} />
              <Select
                label="Type"
                name="type"
                data={TYPE_OPTIONS}
                allowDeselect={false}
                value={values.type}
                error={err('type')}
                onChange={(v) => v && set({ type: v })}
              />
              <Select
                label="Status"
                name="status"
                allowDeselect={false}
                disabled={deleted}
                data={deleted ? STATUS_OPTIONS : FORM_STATUS_OPTIONS}
                value={values.status}
                error={err('status')}
                onChange={(v) => v && set({ status: v })}
                description="Tracking links are built only on active landings"
                inputWrapperOrder={BELOW}
              />
              <Select
                label="Privacy"
                name="privacy"
                data={PRIVACY_OPTIONS}
                allowDeselect={false}
                value={values.privacy}
                error={err('privacy')}
                onChange={(v) => v && set({ privacy: v })}
                description="Private: only the offer's trusted affiliates see it"
                inputWrapperOrder={BELOW}
              />
              <MultiSelect
                label="Languages"
                name="languages"
                placeholder={values.languages.length ? undefined : 'Languages of the page'}
                searchable
                clearable
                data={languages}
                value={values.languages}
                error={err('languages')}
                onChange={(languages) => set({ languages })}
              />
              <TagsInput
                label="Tags"
                name="tags"
                placeholder="Type and press Enter"
                description="Seen by staff only"
                inputWrapperOrder={BELOW}
                value={values.tags}
                error={err('tags')}
                onChange={(tags) => set({ tags })}
              />
            </SimpleGrid>
            <TextInput
              label="URL"
              required
              type="url"
              inputMode="url"
              placeholder="https://example.com/?click={click_id}"
              {...text('url')}
              inputContainer={(input) => (
                <>
                  {input}
                  <MacroHint macros={macros} onInsert={(m) => set({ url: values.url + m })} />
                </>
              )}
            />
            <TextInput
              label="Preview URL"
              type="url"
              inputMode="url"
              placeholder="https://example.com/preview"
              description="What affiliates open to look at the page; empty means the URL itself"
              inputWrapperOrder={BELOW}
              {...text('preview_url')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={4}>Offers</Title>
            <OfferPicker
              value={values.offer_uuids}
              onChange={(offer_uuids) => set({ offer_uuids })}
              known={attachedOfferOptions(landing)}
              error={err('offer_uuids')}
            />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={saving} disabled={deleted}>
            {landing ? 'Save' : 'Create landing'}
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
