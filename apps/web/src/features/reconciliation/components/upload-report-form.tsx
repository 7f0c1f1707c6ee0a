import { useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReconMapping } from '@pxl/contract/reconciliation/index';
import { AdvertiserSelect } from '@/components/pickers/advertiser-picker.tsx';
import { previousMonth } from '@/lib/format/dates.ts';
import { formatCount } from '@/lib/format/numbers.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { usePreviewReport, useUploadReport } from '../api/upload-report.ts';
import { MappingEditor } from './mapping-editor.tsx';
import { ReportPreviewTable } from './report-preview-table.tsx';
import {
  MAPPING_SOURCE_TEXT,
  MAX_MB,
  previewFormSchema,
  readAs,
  uploadFormSchema,
  type ReportPreview,
  type UploadValues,
} from './upload-values.ts';

const FIELDS = ['advertiser_uuid', 'period_from', 'period_to', 'file', 'mapping'];

/** The distinct words of the file's status column among the previewed rows. */
const statusWordsOf = (preview: ReportPreview, mapping: ReconMapping): string[] => {
  const column = mapping.columns.status;
  if (!column) return [];
  return [...new Set(preview.rows.map((r) => r.data.raw[column]?.trim() ?? '').filter(Boolean))];
};

/** How the server read the file and where the mapping in force came from. */
function PreviewSummary({ preview }: { preview: ReportPreview }) {
  return (
    <Text size="sm" data-testid="preview-summary">
      <b>{preview.file_name}</b>: {readAs(preview)}, {formatCount(preview.row_count)} row
      {preview.row_count === 1 ? '' : 's'}. Mapping:{' '}
      <span data-source={preview.mapping_source}>{MAPPING_SOURCE_TEXT[preview.mapping_source]}</span>.
    </Text>
  );
}

/**
 * Upload an advertiser's report (docs/product/reconciliation.md): advertiser, period and file, then a preview of how
 * the file reads with the mapping (saved, guessed, or as edited here), then the upload, which stores it only when
 * every row reads. A new file or advertiser drops the preview and its mapping.
 */
export function UploadReportForm({
  today,
  timeZone,
  onDone,
  onCancel,
}: {
  today: string;
  timeZone: string;
  onDone: (uuid: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<UploadValues>(() => {
    const month = previousMonth(today);
    return { advertiser_uuid: null, period_from: month.date_from, period_to: month.date_to, file: null, mapping: null };
  });
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const [previewed, setPreviewed] = useState<ReconMapping | null>(null);
  const previewing = useSaveForm(usePreviewReport());
  const uploading = useSaveForm(useUploadReport());
  const errors = { ...previewing.errors, ...uploading.errors };
  const general = Object.entries(errors).filter(([key]) => !FIELDS.includes(key));
  const changed = values.mapping !== previewed;

  const set = (patch: Partial<UploadValues>) => {
    const fresh = 'file' in patch || 'advertiser_uuid' in patch;
    setValues((v) => ({ ...v, ...patch, ...(fresh ? { mapping: null } : {}) }));
    if (fresh) {
      setPreview(null);
      setPreviewed(null);
    }
  };
  const input = () => ({ ...values, advertiser_uuid: values.advertiser_uuid ?? '' });
  const runPreview = () => {
    uploading.setErrors({});
    previewing.submit(previewFormSchema, input(), {
      onSaved: (p) => {
        setPreview(p);
        setPreviewed(p.mapping);
        setValues((v) => ({ ...v, mapping: p.mapping }));
      },
    });
  };
  const runUpload = () => {
    previewing.setErrors({});
    uploading.submit(uploadFormSchema, input(), {
      notice: (r) => `Report uploaded: ${formatCount(r.row_count)} rows`,
      onSaved: (r) => onDone(r.uuid),
    });
  };
  const day = (key: 'period_from' | 'period_to') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });

  return (
    <Paper withBorder p="md" radius="md" data-testid="upload-report">
      <Stack gap="md">
        <Title order={3}>Upload a report</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <AdvertiserSelect
            required
            value={values.advertiser_uuid}
            error={errors.advertiser_uuid}
            onChange={(advertiser_uuid) => set({ advertiser_uuid })}
          />
          <TextInput type="date" label="Period from" required {...day('period_from')} />
          <TextInput type="date" label="Period to" required {...day('period_to')} />
        </SimpleGrid>
        {/* A row of its own: a refusal of the file lists up to ten row errors under it. */}
        <FileInput
          label="Report file"
          name="file"
          required
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          description={`CSV or XLSX, at most ${MAX_MB} MB`}
          placeholder="Choose a file"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={values.file}
          error={errors.file}
          onChange={(file) => set({ file })}
        />
        <Text size="xs" c="dimmed">
          The period is the days the report covers, in the network time zone; the first row of the file is its header.
        </Text>
        {preview && values.mapping && (
          <Stack gap="sm">
            <PreviewSummary preview={preview} />
            <MappingEditor
              header={preview.header}
              mapping={values.mapping}
              statusSuggestions={statusWordsOf(preview, values.mapping)}
              problems={changed ? [] : preview.mapping_errors}
              error={errors.mapping}
              onChange={(mapping) => setValues((v) => ({ ...v, mapping }))}
            />
            {changed ? (
              <Text size="sm" c="orange.8" data-testid="preview-stale">
                The mapping changed: preview again to see the rows read with it.
              </Text>
            ) : (
              preview.rows.length > 0 && (
                <ReportPreviewTable rows={preview.rows} mapping={preview.mapping} timeZone={timeZone} />
              )
            )}
          </Stack>
        )}
        {general.length > 0 && (
          <Alert color="red" data-testid="upload-error">
            {general.map(([key, message]) => (
              <Text key={key} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <Group>
          <Button variant={preview && !changed ? 'default' : 'filled'} loading={previewing.saving} onClick={runPreview}>
            {preview ? 'Preview again' : 'Preview'}
          </Button>
          <Button loading={uploading.saving} disabled={!preview} onClick={runUpload}>
            Upload
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
