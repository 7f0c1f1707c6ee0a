import 'flag-icons/css/flag-icons.min.css';
import { Group, Text, Tooltip } from '@mantine/core';
import { GEOS } from '@pxl/contract/constants/geos.data';
import { flagCode } from '@pxl/contract/format/text';

/** A country as its flag image (by lower-case code, docs/product/screens-and-lists.md) and code; 'ALL' has no flag. */
export function CountryFlag({ code, withCode = true }: { code: string; withCode?: boolean }) {
  const flag = flagCode(code);
  const upper = code.toUpperCase();
  return (
    <Tooltip label={GEOS[upper] ?? upper} withArrow openDelay={200}>
      <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
        {flag && <span className={`fi fi-${flag}`} role="img" aria-label={upper} style={{ borderRadius: 2 }} />}
        {(withCode || !flag) && (
          <Text span size="xs" fw={500}>
            {upper}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}

/** Several countries; past `max` the rest is counted. */
export function CountryFlags({ codes, max = 4 }: { codes: readonly string[]; max?: number }) {
  if (codes.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const rest = codes.length - max;
  return (
    <Group gap={6} wrap="wrap">
      {codes.slice(0, max).map((code) => (
        <CountryFlag key={code} code={code} />
      ))}
      {rest > 0 && (
        <Tooltip label={codes.slice(max).join(', ')} multiline maw={300}>
          <Text span size="xs" c="dimmed">
            +{rest}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}
