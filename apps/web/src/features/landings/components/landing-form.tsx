import { Alert, MultiSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { FormActions, FormPage, FormSection } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
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
  const { errors, submit: send, saving } = useSaveForm(useSaveLanding(landing?.uuid));
  const { values, set, text, choice, list } = useFormValues<LandingFormValues>(
    () => landingToValues(landing),
    errors,
    fieldError,
  );
  const deleted = landing?.status === 'deleted';
  const err = (field: string) => fieldError(errors, field);

  const submit = () =>
    send(landingInputSchema, landingBody(values), {
      notice: (saved) => `Landing ${saved.name} ${landing ? 'saved' : 'created'}`,
      onSaved: onDone,
    });

  return (
    <FormPage onSubmit={submit}>
      {deleted && (
        <Alert color="gray" title="This landing is deleted">
          Restore it from the list's actions before editing it.
        </Alert>
      )}
      <FormSection title="Landing">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <TextInput label="Name" required maxLength={200} {...text('name')} />
          <Select label="Type" data={TYPE_OPTIONS} {...choice('type')} />
          <Select
            label="Status"
            disabled={deleted}
            data={deleted ? STATUS_OPTIONS : FORM_STATUS_OPTIONS}
            description="Tracking links are built only on active landings"
            inputWrapperOrder={BELOW}
            {...choice('status')}
          />
          <Select
            label="Privacy"
            data={PRIVACY_OPTIONS}
            description="Private: only the offer's trusted affiliates see it"
            inputWrapperOrder={BELOW}
            {...choice('privacy')}
          />
          <MultiSelect
            label="Languages"
            placeholder={values.languages.length ? undefined : 'Languages of the page'}
            searchable
            clearable
            data={languages}
            {...list('languages')}
          />
          <TagsInput
            label="Tags"
            placeholder="Type and press Enter"
            description="Seen by staff only"
            inputWrapperOrder={BELOW}
            {...list('tags')}
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
      </FormSection>
      <FormSection title="Offers">
        <OfferPicker
          value={values.offer_uuids}
          onChange={(offer_uuids) => set({ offer_uuids })}
          known={attachedOfferOptions(landing)}
          error={err('offer_uuids')}
        />
      </FormSection>
      <FormActions label={landing ? 'Save' : 'Create landing'} saving={saving} disabled={deleted} onCancel={onDone} />
    </FormPage>
  );
}
