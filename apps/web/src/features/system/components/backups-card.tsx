import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import {
  BACKUP_KEEP,
  backupSettingsSchema,
  type BackupRun,
  type BackupSettings,
  type BackupStatus,
} from '@pxl/contract/backups/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { DASH } from '@/components/ui/dash.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { formatBytes } from '@/lib/format/numbers.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useBackUpNow } from '../api/back-up-now.ts';
import { useBackupRuns } from '../api/get-backup-runs.ts';
import { useBackupSettings } from '../api/get-backup-settings.ts';
import { useUpdateBackupSettings } from '../api/update-backup-settings.ts';

const STATUS: Record<BackupStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  ok: { label: 'OK', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/**
 * Backups of the embedded database (docs/operations.md, "Backup and restore"): the daily schedule, "Back up now" and
 * the last runs with their result. Times of runs are shown in the network's zone; the schedule's time is UTC.
 */
export function BackupsCard({ timeZone }: { timeZone: string }) {
  const settings = useBackupSettings();
  const runs = useBackupRuns();
  const now = useBackUpNow();
  const running = runs.data?.items.some((r) => r.status === 'running') ?? false;
  return (
    <TitledCard
      title="Backups"
      data-testid="system-backups"
      extra={
        runs.data?.embedded ? (
          <Button size="xs" variant="light" loading={now.isPending} disabled={running} onClick={() => now.mutate()}>
            Back up now
          </Button>
        ) : undefined
      }
    >
      {runs.data && !runs.data.embedded ? (
        <Alert color="gray" p="xs">
          The panel uses an external database (DATABASE_URL): back it up with your database provider&apos;s backups.
        </Alert>
      ) : null}
      {settings.data ? <ScheduleForm initial={settings.data} /> : null}
      {runs.data ? (
        <Text size="xs" c="dimmed">
          Written to <code>{runs.data.directory}</code>
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={420}>
        <PlainTable head={['Started', 'Result', 'File', { label: 'Size', ta: 'right' }]} empty="No backups yet.">
          {(runs.data?.items ?? []).map((r) => (
            <RunRow key={r.uuid} run={r} timeZone={timeZone} />
          ))}
        </PlainTable>
      </Table.ScrollContainer>
    </TitledCard>
  );
}

function RunRow({ run, timeZone }: { run: BackupRun; timeZone: string }) {
  return (
    <Table.Tr data-testid="backup-run">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDateLine(run.started_at, timeZone)}
        {run.trigger === 'manual' ? (
          <Text span size="xs" c="dimmed">
            {' '}
            (by hand)
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS[run.status].color}>
          {STATUS[run.status].label}
        </Badge>
        {run.error ? (
          <Text size="xs" c="red" mt={4}>
            {run.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{run.file ?? DASH}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {run.size_bytes === null ? DASH : formatBytes(run.size_bytes)}
      </Table.Td>
    </Table.Tr>
  );
}

/** Starts from the schedule as first loaded; a refetch does not overwrite what is being edited. */
function ScheduleForm({ initial }: { initial: BackupSettings }) {
  const update = useUpdateBackupSettings();
  const [values, setValues] = useState(initial);
  const { errors, submit } = useSaveForm(update);
  const save = (event: FormEvent) => {
    event.preventDefault();
    submit(backupSettingsSchema, values);
  };
  return (
    <form onSubmit={save} noValidate aria-label="Backup schedule">
      <Stack gap="sm">
        <Switch
          label="Back up every day"
          checked={values.enabled}
          onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
        />
        <Group align="flex-start" gap="md">
          <TextInput
            label="Time of day (UTC)"
            name="time"
            placeholder="HH:MM"
            w={150}
            value={values.time}
            error={errors.time}
            onChange={(e) => setValues({ ...values, time: e.currentTarget.value })}
          />
          <NumberInput
            label="Backups to keep"
            name="keep"
            w={150}
            min={BACKUP_KEEP.min}
            max={BACKUP_KEEP.max}
            allowDecimal={false}
            value={values.keep}
            error={errors.keep}
            onChange={(v) => setValues({ ...values, keep: typeof v === 'number' ? v : Number(v) })}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
