import { Stack, Text, Tooltip } from '@mantine/core';
import { CONVERSION_QUALITY_TEXT } from '@pxl/contract/conversions/conversions.schemas';
import type { ConversionLogRow } from '@pxl/contract/statistic/statistic.schemas';

/** "Held for traffic quality" under a conversion's status, for the export too; empty when no fraud action stands. */
export const qualityText = (r: Pick<ConversionLogRow, 'quality'>) =>
  r.quality ? CONVERSION_QUALITY_TEXT[r.quality] : '';

/**
 * What a fraud action did to the conversion (docs/product/fraud.md): the fact, and what was seen when the network
 * lets affiliates see reasons (the server sends them only then).
 */
export function ConversionQuality({ row }: { row: Pick<ConversionLogRow, 'quality' | 'quality_reasons'> }) {
  if (!row.quality) return null;
  const note = (
    <Text size="xs" c={row.quality === 'rejected' ? 'red' : 'orange'} data-testid="conversion-quality">
      {qualityText(row)}
    </Text>
  );
  if (!row.quality_reasons?.length) return note;
  return (
    <Tooltip
      multiline
      w={320}
      withArrow
      label={
        <Stack gap={2}>
          {row.quality_reasons.map((r) => (
            <Text key={r.code} size="xs">
              {r.detail}
            </Text>
          ))}
        </Stack>
      }
    >
      <span data-testid="conversion-quality-reasons">{note}</span>
    </Tooltip>
  );
}
