import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { buildPath } from '@pxl/contract/routes/index';
import { RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { ContactLinks, contactsText } from '@/components/ui/messenger-link.tsx';
import { AffiliateStatusBadge } from './affiliate-status.tsx';

export const affiliateName = (a: Affiliate): string => `${a.first_name} ${a.last_name}`.trim() || a.email;
const editPath = (a: Affiliate) => buildPath('/roles/affiliates/edit/:uuid', { uuid: a.uuid });
const dateText = (value: string | null, tz: string) => formatDateLine(value, tz);

/** Columns of the affiliates list; dates in the network time zone. */
export function affiliateColumns(timeZone: string): DataColumn<Affiliate>[] {
  return [
    {
      key: 'uuid',
      header: 'ID',
      width: 110,
      render: (a) => (
        <RecordLink to={editPath(a)}>
          <CutText text={a.uuid} length={8} />
        </RecordLink>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      exportValue: affiliateName,
      render: (a) => (
        <Stack gap={0}>
          <RecordLink to={editPath(a)}>{affiliateName(a)}</RecordLink>
          {a.username && (
            <Text size="xs" c="dimmed">
              @{a.username}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'email', header: 'Email', sortable: true },
    { key: 'status', header: 'Status', sortable: true, render: (a) => <AffiliateStatusBadge status={a.status} /> },
    {
      key: 'manager',
      header: 'Manager',
      exportValue: (a) => a.manager?.name ?? '',
      render: (a) =>
        a.manager?.name ?? (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    { key: 'geos', header: 'Geos', render: (a) => <CountryFlags codes={a.geos} /> },
    {
      key: 'tags',
      header: 'Tags',
      render: (a) => (
        <Group gap={4}>
          {a.tags.map((t) => (
            <Badge key={t} size="xs" variant="outline" radius="sm">
              {t}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'contacts',
      header: 'Contacts',
      exportValue: (a) => contactsText(a.contacts),
      render: (a) => <ContactLinks contacts={a.contacts} />,
    },
    { key: 'website', header: 'Website', hidden: true, render: (a) => <CutText text={a.website} length={24} /> },
    { key: 'notes', header: 'Notes', hidden: true, render: (a) => <CutText text={a.notes} /> },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      exportValue: (a) => dateText(a.created_at, timeZone),
      render: (a) => <DateCell value={a.created_at} timeZone={timeZone} />,
    },
    {
      key: 'last_login_at',
      header: 'Last login',
      sortable: true,
      exportValue: (a) => dateText(a.last_login_at, timeZone),
      render: (a) => <DateCell value={a.last_login_at} timeZone={timeZone} />,
    },
  ];
}
