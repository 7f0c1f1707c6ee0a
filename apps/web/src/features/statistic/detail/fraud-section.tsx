import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConversionDetail } from '@pxl/contract/statistic/statistic.schemas';
import { FraudVerdict, type Verdict } from '@/components/ui/fraud-verdict.tsx';
import { useFraudFlagAt } from '@/lib/queries/network-fraud-settings.ts';
import { SectionCard } from './field-list.tsx';

function Part({
  title,
  verdict,
  flagAt,
  testId,
}: {
  title: string;
  verdict: Verdict;
  flagAt?: number | null;
  testId: string;
}) {
  return (
    <Stack gap={6} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <FraudVerdict verdict={verdict} flagAt={flagAt} />
    </Stack>
  );
}

/**
 * The conversion's fraud verdict (its own reasons merged with its click's and its lead's), then the click's and the
 * lead's as they were scored (docs/product/fraud.md).
 */
export function FraudSection({ detail }: { detail: ConversionDetail }) {
  const flagAt = useFraudFlagAt();
  const { conversion, click, lead } = detail;
  return (
    <SectionCard title="Traffic quality" testId="conversion-fraud">
      <SimpleGrid cols={{ base: 1, md: lead ? 3 : 2 }} spacing="lg">
        <Part
          title="Conversion (with its click and lead)"
          verdict={conversion}
          flagAt={flagAt}
          testId="fraud-conversion"
        />
        {click && <Part title="Click" verdict={click} flagAt={flagAt} testId="fraud-click" />}
        {lead && <Part title="Lead" verdict={lead} flagAt={flagAt} testId="fraud-lead" />}
      </SimpleGrid>
    </SectionCard>
  );
}
