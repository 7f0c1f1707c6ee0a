import { Badge, Group, Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { ClickLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { trafficbackText } from '../logs/click-columns.tsx';
import { FieldList, type Field } from './field-list.tsx';

const mono = (text: string | null) =>
  text ? (
    <Text span size="sm" ff="monospace">
      {text}
    </Text>
  ) : null;

/** Every recorded field of the click the conversion came from. */
export function ClickFields({ click, timeZone }: { click: ClickLogRow; timeZone: string }) {
  const fields: Field[] = [
    { label: 'Click ID', value: mono(click.uuid) },
    { label: 'Time', value: formatDateLine(click.created_at, timeZone) },
    { label: 'Landing', value: click.landing?.name },
    {
      label: 'Kind',
      value: (
        <Group gap={4}>
          <Badge color={click.is_unique ? 'teal' : 'gray'} variant="light" radius="sm">
            {click.is_unique ? 'Unique' : 'Repeat'}
          </Badge>
          {click.is_bot && (
            <Badge color="orange" variant="light" radius="sm">
              Bot
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'Trafficback', value: trafficbackText(click.trafficback_reason) },
    { label: 'IP', value: mono(click.ip) },
    { label: 'Geo', value: click.country ? <CountryFlag code={click.country} /> : null },
    { label: 'Device', value: click.device },
    { label: 'OS', value: click.os },
    { label: 'Browser', value: click.browser },
    { label: 'Sub1', value: click.sub1 },
    { label: 'Sub2', value: click.sub2 },
    { label: 'Sub3', value: click.sub3 },
    { label: 'Sub4', value: click.sub4 },
    { label: 'Sub5', value: click.sub5 },
    { label: 'Referrer', value: click.referrer },
  ];
  return (
    <>
      <FieldList fields={fields} cols={3} />
      <FieldList fields={[{ label: 'User agent', value: mono(click.user_agent) }]} cols={1} />
    </>
  );
}
