import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { idColumn, managerColumn, dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { ContactLinks, contactsText } from '@/components/ui/messenger-link.tsx';
import { AffiliateStatusBadge } from './affiliate-status.tsx';

export const affiliateName = (a: Affiliate): string => `${a.first_name} ${a.last_name}`.trim() || a.email;
const editPath = (a: Affiliate) => buildPath('/roles/affiliates/edit/:uuid', { uuid: a.uuid });

/** Columns of the affiliates list; dates in the network time zone. */
export function affiliateColumns(timeZone: string): DataColumn<Affiliate>[] {
  return [
    idColumn(editPath, { width: 110 }),
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
    managerColumn(),
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
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
    dateColumn('last_login_at', 'Last login', timeZone, { sortable: true }),
  ];
}
