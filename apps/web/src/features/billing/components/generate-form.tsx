import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  generateByConversionsSchema,
  generateByPeriodSchema,
  type InvoiceListItem,
  type previewResponseSchema,
} from '@pxl/contract/billing/index';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useGenerateInvoices, usePreviewInvoices } from '../api/generate-invoices.ts';
import { AffiliateMultiSelect } from '@/components/pickers/affiliate-picker.tsx';
import { generateBody, initialGenerateValues, previewSummary, type GenerateValues } from './generate-values.ts';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';
import { PreviewTable } from './preview-table.tsx';

type Preview = z.infer<typeof previewResponseSchema>;
const FIELDS = ['date_from', 'date_to', 'currency', 'affiliate_uuids'];

/**
 * Generate invoices (docs/product/billing.md): for a period, or of the conversions ticked in the conversions log.
 * Preview first (nothing is written), then Generate; changing the input drops the preview.
 */
export function GenerateForm({
  today,
  conversionUuids,
  onDone,
}: {
  today: string;
  conversionUuids: readonly string[];
  onDone: (created: InvoiceListItem[]) => void;
}) {
  const [values, setValues] = useState(() => initialGenerateValues(today, conversionUuids));
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewing = useSaveForm(usePreviewInvoices());
  const generating = useSaveForm(useGenerateInvoices());
  const byConversions = values.conversion_uuids.length > 0;
  const schema = byConversions ? generateByConversionsSchema : generateByPeriodSchema;
  const errors = { ...previewing.errors, ...generating.errors };
  const general = Object.entries(errors).filter(([key]) => !FIELDS.includes(key) || byConversions);
  const set = (patch: Partial<GenerateValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setPreview(null);
  };
  const day = (key: 'date_from' | 'date_to') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });
  const runPreview = () => {
    generating.setErrors({});
    previewing.submit(schema, generateBody(values), { onSaved: setPreview });
  };
  const runGenerate = () =>
    generating.submit(schema, generateBody(values), {
      notice: ({ list }) =>
        list.length === 1 ? `Invoice ${list[0]!.number} created` : `${list.length} invoices created`,
      onSaved: ({ list }) => onDone(list),
    });

  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={4}>{byConversions ? 'From picked conversions' : 'For a period'}</Title>
          {byConversions ? (
            <Stack gap={4} align="flex-start">
              <Text size="sm" data-testid="picked-conversions">
                {values.conversion_uuids.length} conversion{values.conversion_uuids.length > 1 ? 's' : ''} picked in the
                conversions log make one invoice; they must be approved, in no other invoice, of one affiliate and one
                currency.
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => set({ conversion_uuids: [] })}>
                Generate for a period instead
              </Anchor>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <TextInput type="date" label="From" required {...day('date_from')} />
              <TextInput type="date" label="To" required {...day('date_to')} />
              <Select
                label="Currency"
                name="currency"
                placeholder="Every currency"
                clearable
                data={CURRENCY_OPTIONS}
                value={values.currency}
                error={errors.currency}
                onChange={(currency) => set({ currency })}
              />
              <AffiliateMultiSelect
                name="affiliate_uuids"
                placeholder={values.affiliate_uuids.length ? '' : 'Every affiliate'}
                hidePickedOptions
                fallback={(uuid) => uuid}
                value={values.affiliate_uuids}
                onChange={(affiliate_uuids) => set({ affiliate_uuids })}
                error={errors.affiliate_uuids}
              />
            </SimpleGrid>
          )}
          {general.length > 0 && (
            <Alert color="red" data-testid="generate-error">
              {general.map(([key, message]) => (
                <Text key={key} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <Group>
            <Button variant={preview ? 'default' : 'filled'} loading={previewing.saving} onClick={runPreview}>
              Preview
            </Button>
            <Button loading={generating.saving} disabled={!preview || preview.list.length === 0} onClick={runGenerate}>
              {preview && preview.list.length
                ? `Generate ${preview.list.length} invoice${preview.list.length > 1 ? 's' : ''}`
                : 'Generate'}
            </Button>
            <Button component={Link} to="/billing" variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
      {preview && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text size="sm" fw={500} data-testid="preview-summary">
              {previewSummary(preview.list.length, preview.below_minimum)}
            </Text>
            {preview.list.length > 0 && <PreviewTable list={preview.list} />}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
