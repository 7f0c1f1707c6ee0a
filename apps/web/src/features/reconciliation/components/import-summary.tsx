import type { ReactNode } from 'react';
import { Alert, Badge, Button, SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReconApplicableBucket, ReconBucket, ReconSummary } from '@pxl/contract/reconciliation/index';
import { DASH } from '@/components/ui/dash.tsx';
import { formatCount } from '@/lib/format/numbers.ts';
import { BUCKET_TEXT, isApplicableBucket, signedAmountText } from './bucket-labels.ts';
import { bucketLines, differenceExplained, sumOverBuckets, type Amounts } from './bucket-summary.ts';
import { moneyText } from './import-labels.ts';

/** One line per currency; a difference with its sign. */
function AmountLines({
  amounts,
  signed = false,
  align = 'flex-end',
}: {
  amounts: Amounts;
  signed?: boolean;
  align?: 'flex-start' | 'flex-end';
}) {
  const entries = Object.entries(amounts).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return DASH;
  return (
    <Stack gap={0} align={align}>
      {entries.map(([currency, minor]) => (
        <span key={currency} style={{ whiteSpace: 'nowrap' }} data-currency={currency}>
          {signed ? signedAmountText(minor, currency) : moneyText(minor, currency)}
        </span>
      ))}
    </Stack>
  );
}

export function BucketBadge({ bucket }: { bucket: ReconBucket }) {
  return (
    <Badge variant="light" radius="sm" color={BUCKET_TEXT[bucket].color} data-bucket={bucket}>
      {BUCKET_TEXT[bucket].label}
    </Badge>
  );
}

function Total({ label, figure, strong = false, children }: TotalProps) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500} component="div" data-figure={figure}>
        {children}
      </Text>
    </Stack>
  );
}
type TotalProps = { label: string; figure: string; strong?: boolean; children: ReactNode };

/** Their total, ours and the difference per currency, and the promise that the buckets explain all of it. */
export function ImportTotals({ summary }: { summary: ReconSummary }) {
  const explained = differenceExplained(summary);
  return (
    <Stack gap="xs" data-testid="import-totals">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="xs">
        <Total label={`Their total (${formatCount(summary.file_rows)} rows in their report)`} figure="theirs">
          <AmountLines amounts={summary.theirs} align="flex-start" />
        </Total>
        <Total label={`Our total (${formatCount(summary.our_conversions)} conversions with us)`} figure="ours">
          <AmountLines amounts={summary.ours} align="flex-start" />
        </Total>
        <Total label="Difference (theirs − ours)" figure="difference" strong>
          <AmountLines amounts={summary.difference} signed align="flex-start" />
        </Total>
      </SimpleGrid>
      {explained ? (
        <Text size="sm" c="dimmed">
          Totals count what is not rejected. The difference is the sum of the buckets&apos; differences below: every
          cent of it is explained by a bucket.
        </Text>
      ) : (
        <Alert color="red" title="The buckets do not add up to the difference">
          Classify the import again; if it stays so, report it.
        </Alert>
      )}
    </Stack>
  );
}

type BucketsProps = {
  summary: ReconSummary;
  /** The bucket the rows below show, or none for every row. */
  selected: ReconBucket | undefined;
  onSelect: (bucket: ReconBucket | undefined) => void;
  onApplyAll: (bucket: ReconApplicableBucket, count: number) => void;
  /** Rows already applied, per bucket: "Apply all" offers only the rest. */
  applied?: Partial<Record<ReconBucket, number>>;
};

function ApplyAll({
  line,
  applied,
  onApplyAll,
}: {
  line: { bucket: ReconBucket; count: number };
  applied: Partial<Record<ReconBucket, number>>;
  onApplyAll: BucketsProps['onApplyAll'];
}) {
  const left = line.count - (applied[line.bucket] ?? 0);
  if (left <= 0)
    return (
      <Badge variant="light" color="teal" radius="sm">
        All applied
      </Badge>
    );
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() => isApplicableBucket(line.bucket) && onApplyAll(line.bucket, left)}
    >
      Apply {left === line.count ? 'all' : 'the other'} {formatCount(left)}
    </Button>
  );
}

/** Each bucket with its count and amounts, what it means, and "Apply all" where something can be applied. */
export function BucketTable({ summary, selected, onSelect, onApplyAll, applied = {} }: BucketsProps) {
  const lines = bucketLines(summary);
  const total = lines.reduce((n, l) => n + l.count, 0);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table fz="sm" verticalSpacing={6} highlightOnHover data-testid="bucket-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bucket</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Theirs</Table.Th>
            <Table.Th ta="right">Ours</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Apply</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => {
            const active = selected === l.bucket;
            return (
              <Table.Tr
                key={l.bucket}
                data-bucket-row={l.bucket}
                bg={active ? 'var(--mantine-primary-color-light)' : undefined}
                c={l.count === 0 ? 'dimmed' : undefined}
              >
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onSelect(active ? undefined : l.bucket)}
                    aria-pressed={active}
                    aria-label={`${BUCKET_TEXT[l.bucket].label}: ${active ? 'show every row' : 'show its rows'}`}
                    style={{ display: 'block', textAlign: 'left' }}
                  >
                    <BucketBadge bucket={l.bucket} />
                    <Text size="xs" c="dimmed" mt={2}>
                      {BUCKET_TEXT[l.bucket].explanation}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ta="right" data-figure="count">
                  {formatCount(l.count)}
                </Table.Td>
                <Table.Td ta="right">
                  <AmountLines amounts={l.theirs} />
                </Table.Td>
                <Table.Td ta="right">
                  <AmountLines amounts={l.ours} />
                </Table.Td>
                <Table.Td ta="right" data-figure="difference">
                  <AmountLines amounts={l.difference} signed />
                </Table.Td>
                <Table.Td>
                  {isApplicableBucket(l.bucket) && l.count > 0 && (
                    <ApplyAll line={l} applied={applied} onApplyAll={onApplyAll} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={600} data-testid="bucket-sum">
            <Table.Td>Sum of the buckets</Table.Td>
            <Table.Td ta="right">{formatCount(total)}</Table.Td>
            <Table.Td ta="right">
              <AmountLines amounts={sumOverBuckets(summary, 'theirs')} />
            </Table.Td>
            <Table.Td ta="right">
              <AmountLines amounts={sumOverBuckets(summary, 'ours')} />
            </Table.Td>
            <Table.Td ta="right" data-figure="difference">
              <AmountLines amounts={sumOverBuckets(summary)} signed />
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed" fw={400}>
                = the difference above
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
