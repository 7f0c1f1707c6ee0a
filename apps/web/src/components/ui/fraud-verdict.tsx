import { useState } from 'react';
import { Badge, Group, List, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { FRAUD_SIGNAL_LABELS, type FraudReason } from '@pxl/contract/fraud/fraud.schemas';

// A fraud verdict in words (docs/product/fraud.md): the score as a coloured badge, the reasons as the signal's label,
// its weight and what was seen. Colour is never the only cue: the band is in the badge's text or name too.

/** Below this a score is low, from it flagged, when the network's flag threshold is not known (its default). */
export const FIXED_FLAG_AT = 50;

export type FraudBand = 'clean' | 'low' | 'flagged';
const BAND: Record<FraudBand, { color: string; word: string }> = {
  clean: { color: 'green', word: 'clean' },
  low: { color: 'yellow', word: 'below the flag' },
  flagged: { color: 'red', word: 'flagged' },
};

/** 0 is clean; from the flag threshold (the network's, else 50) flagged; between, low. */
export const fraudBand = (score: number, flagAt?: number | null): FraudBand =>
  score === 0 ? 'clean' : score >= (flagAt ?? FIXED_FLAG_AT) ? 'flagged' : 'low';

export type Verdict = { fraud_score?: number | null; fraud_reasons?: readonly FraudReason[] | null };

const reasonText = (r: FraudReason) => `${FRAUD_SIGNAL_LABELS[r.code] ?? r.code} (${r.weight}): ${r.detail}`;

/** The verdict as one line of text, for exports: "62: Bot or headless browser (80): …; …", or "" when not scored. */
export const fraudText = (v: Verdict): string =>
  v.fraud_score == null ? '' : [String(v.fraud_score), ...(v.fraud_reasons ?? []).map(reasonText)].join('; ');

const NotScored = () => (
  <Text span size="sm" c="dimmed">
    Not scored
  </Text>
);

/** The score as a badge: green 0, yellow below the flag, red with a flag from it. */
export function FraudScoreBadge({ score, flagAt }: { score: number; flagAt?: number | null }) {
  const band = fraudBand(score, flagAt);
  return (
    <Badge
      color={BAND[band].color}
      variant={band === 'flagged' ? 'filled' : 'light'}
      radius="sm"
      leftSection={band === 'flagged' ? <IconFlag size={12} aria-hidden /> : undefined}
      data-fraud-band={band}
    >
      {score}
    </Badge>
  );
}

/** Each reason: the signal in words, its weight, and what was seen. */
export function FraudReasonList({ reasons }: { reasons: readonly FraudReason[] }) {
  if (!reasons.length)
    return (
      <Text size="sm" c="dimmed">
        No signal found.
      </Text>
    );
  return (
    <List size="sm" spacing={6} listStyleType="none" data-testid="fraud-reasons">
      {reasons.map((r) => (
        <List.Item key={r.code} data-code={r.code}>
          <Group gap={6} wrap="nowrap" align="baseline">
            <Text span size="sm" fw={600}>
              {FRAUD_SIGNAL_LABELS[r.code] ?? r.code}
            </Text>
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              weight {r.weight}
            </Text>
          </Group>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {r.detail}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

const scoreName = (score: number, flagAt: number | null | undefined, reasons: number) =>
  `Fraud score ${score} of 100, ${BAND[fraudBand(score, flagAt)].word}` +
  (reasons ? `: ${reasons} reason${reasons === 1 ? '' : 's'}, show them` : '');

/**
 * For a table cell: the badge, and when there are reasons a button that opens them in a popover. Not scored reads
 * "Not scored".
 */
export function FraudVerdictCell({ verdict, flagAt }: { verdict: Verdict; flagAt?: number | null }) {
  const score = verdict.fraud_score;
  if (score == null) return <NotScored />;
  const reasons = verdict.fraud_reasons ?? [];
  if (!reasons.length)
    return (
      <span role="img" aria-label={scoreName(score, flagAt, 0)}>
        <FraudScoreBadge score={score} flagAt={flagAt} />
      </span>
    );
  return <ReasonsPopover score={score} reasons={reasons} flagAt={flagAt} />;
}

function ReasonsPopover({
  score,
  reasons,
  flagAt,
}: {
  score: number;
  reasons: readonly FraudReason[];
  flagAt?: number | null;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          aria-label={scoreName(score, flagAt, reasons.length)}
          aria-expanded={opened}
          // A row that expands on click must not expand when its score is opened.
          onClick={(e) => {
            e.stopPropagation();
            setOpened((o) => !o);
          }}
          // Focus stays on the button (nothing in the popover takes it), so Escape is heard here.
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpened(false);
          }}
          style={{ lineHeight: 0 }}
        >
          <FraudScoreBadge score={score} flagAt={flagAt} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Fraud score ${score}: reasons`}>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Score {score} of 100, {BAND[fraudBand(score, flagAt)].word}
          </Text>
          <FraudReasonList reasons={reasons} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** For a detail: the score and its band in words, then the reasons in full. */
export function FraudVerdict({ verdict, flagAt }: { verdict: Verdict; flagAt?: number | null }) {
  const score = verdict.fraud_score;
  if (score == null) return <NotScored />;
  const band = fraudBand(score, flagAt);
  return (
    <Stack gap={6} data-testid="fraud-verdict">
      <Group gap={6}>
        <FraudScoreBadge score={score} flagAt={flagAt} />
        <Text span size="sm">
          {band === 'clean' ? 'Clean: no signal found' : `of 100, ${BAND[band].word}`}
        </Text>
      </Group>
      {score > 0 && <FraudReasonList reasons={verdict.fraud_reasons ?? []} />}
    </Stack>
  );
}
