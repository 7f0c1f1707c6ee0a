import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { reconImportDetailSchema } from '@pxl/contract/reconciliation/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { fetchDifferencesCsv } from '../api/differences-csv.ts';
import { periodText, STATE_TEXT } from './import-labels.ts';

export type ReconImport = z.infer<typeof reconImportDetailSchema>;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} data-field={label} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" fw={500} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Who the report is from, its period and file, who uploaded it and when, and where it stands. */
export function ImportHeader({ imp, timeZone }: { imp: ReconImport; timeZone: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" verticalSpacing="sm" data-testid="import-header">
        <Figure label="Advertiser">
          <Anchor component={Link} to={`/roles/advertisers/edit/${imp.advertiser.uuid}`} size="sm" fw={500}>
            {imp.advertiser.name || imp.advertiser.email}
          </Anchor>
        </Figure>
        <Figure label="Period">{periodText(imp.period_from, imp.period_to)}</Figure>
        <Figure label="File">{imp.file_name}</Figure>
        <Figure label="Uploaded by">{imp.created_by?.name || imp.created_by?.email || '—'}</Figure>
        <Figure label="Uploaded">{formatDateLine(imp.created_at, timeZone)}</Figure>
        <Figure label="State">
          <Badge variant="light" radius="sm" color={imp.state === 'classified' ? 'blue' : 'gray'}>
            {STATE_TEXT[imp.state]}
          </Badge>
        </Figure>
      </SimpleGrid>
    </Paper>
  );
}

/** The rows that are not matched, as a CSV to send back to the advertiser. */
export function DifferencesCsvButton({ imp }: { imp: ReconImport }) {
  const [running, setRunning] = useState(false);
  const save = async () => {
    setRunning(true);
    try {
      const url = URL.createObjectURL(await fetchDifferencesCsv(imp.uuid));
      const a = document.createElement('a');
      a.href = url;
      a.download = `differences-${imp.period_from}-${imp.period_to}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // rawRequest has told the user already (a notification of the server's error).
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileDownload size={16} />}
      loading={running}
      onClick={() => void save()}
    >
      Download differences (CSV)
    </Button>
  );
}
