import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { RECON_BUCKETS, type ReconBucket } from '@pxl/contract/reconciliation/index';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { BUCKET_TEXT } from './bucket-labels.ts';
import { ApplyModal } from './apply-modal.tsx';
import { ImportApplies } from './import-applies.tsx';
import { ImportHeader, type ReconImport } from './import-header.tsx';
import { ImportRows } from './import-rows.tsx';
import { BucketTable, ImportTotals } from './import-summary.tsx';
import type { ApplyTarget, Picks } from './row-picks.ts';

const BUCKET_OPTIONS = [
  { value: '', label: 'Every bucket' },
  ...RECON_BUCKETS.map((b) => ({ value: b, label: BUCKET_TEXT[b].label })),
];
const asBucket = (value: string | null): ReconBucket | undefined =>
  (RECON_BUCKETS as readonly string[]).includes(value ?? '') ? (value as ReconBucket) : undefined;

/** The bucket the rows show lives in the address (?bucket=), so a filtered view can be linked and reloaded. */
function useBucketParam() {
  const [params, setParams] = useSearchParams();
  const bucket = asBucket(params.get('bucket'));
  const setBucket = (next: ReconBucket | undefined) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next) out.set('bucket', next);
        else out.delete('bucket');
        return out;
      },
      { replace: true },
    );
  return [bucket, setBucket] as const;
}

/** One import (docs/product/reconciliation.md, "Screens"): header, totals, buckets, rows to apply, applies. */
export function ImportDetail({ imp, timeZone }: { imp: ReconImport; timeZone: string }) {
  const [bucket, setBucket] = useBucketParam();
  const [picks, setPicks] = useState<Picks>(new Map());
  const [target, setTarget] = useState<ApplyTarget | null>(null);
  const summary = imp.summary;
  return (
    <Stack gap="md" data-testid="import-detail">
      <ImportHeader imp={imp} timeZone={timeZone} />
      {summary ? (
        <>
          <TitledCard title="Summary" data-section="Summary">
            <ImportTotals summary={summary} />
          </TitledCard>
          <TitledCard title="Buckets" data-section="Buckets">
            <Text size="sm" c="dimmed">
              Every row of their report and every conversion of ours in the period is in one bucket. Click a bucket to
              see its rows.
            </Text>
            <BucketTable
              summary={summary}
              selected={bucket}
              onSelect={setBucket}
              onApplyAll={(b, count) => setTarget({ kind: 'bucket', bucket: b, count })}
              applied={imp.applied}
            />
          </TitledCard>
        </>
      ) : (
        <Alert color="yellow" title="Not classified yet">
          The rows are stored but not yet matched against our conversions; the summary shows once they are.
        </Alert>
      )}
      <TitledCard
        title="Rows"
        data-section="Rows"
        extra={
          <Group gap="xs">
            {picks.size > 0 && (
              <Button size="xs" variant="subtle" onClick={() => setPicks(new Map())}>
                Clear
              </Button>
            )}
            <Button size="xs" disabled={picks.size === 0} onClick={() => setTarget({ kind: 'rows', picks })}>
              Apply selected ({picks.size})
            </Button>
          </Group>
        }
      >
        <Select
          label="Bucket"
          w={220}
          size="xs"
          allowDeselect={false}
          data={BUCKET_OPTIONS}
          value={bucket ?? ''}
          onChange={(v) => setBucket(asBucket(v))}
        />
        <ImportRows uuid={imp.uuid} bucket={bucket} timeZone={timeZone} picks={picks} onPicks={setPicks} />
      </TitledCard>
      <TitledCard title="Applies" data-section="Applies">
        <ImportApplies uuid={imp.uuid} timeZone={timeZone} />
      </TitledCard>
      {target && (
        <ApplyModal
          uuid={imp.uuid}
          target={target}
          onClose={() => setTarget(null)}
          onApplied={() => {
            setTarget(null);
            setPicks(new Map());
          }}
        />
      )}
    </Stack>
  );
}
