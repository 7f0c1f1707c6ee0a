import { Badge, Text } from '@mantine/core';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { idColumn, managerColumn, dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { ContactLinks, contactsText } from '@/components/ui/messenger-link.tsx';
import { StatusBadge } from './status-badge.tsx';

const editPath = (a: Advertiser) => buildPath('/roles/advertisers/edit/:uuid', { uuid: a.uuid });
export const contactName = (a: Advertiser): string => `${a.first_name} ${a.last_name}`.trim();

/** Columns of the advertisers list. */
export function advertiserColumns(timeZone: string): DataColumn<Advertiser>[] {
  return [
    idColumn(editPath, { width: 110 }),
    {
      key: 'company',
      header: 'Company',
      sortable: true,
      render: (a) => <RecordLink to={editPath(a)}>{a.company || contactName(a) || a.email}</RecordLink>,
    },
    {
      key: 'contact_name',
      header: 'Contact name',
      exportValue: contactName,
      render: (a) =>
        contactName(a) || (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    { key: 'email', header: 'Email', sortable: true },
    { key: 'status', header: 'Status', sortable: true, render: (a) => <StatusBadge status={a.status} /> },
    managerColumn(),
    {
      key: 'products_count',
      header: 'Products',
      render: (a) => (
        <Badge variant={a.products_count ? 'filled' : 'default'} color="indigo" radius="sm">
          {a.products_count}
        </Badge>
      ),
    },
    {
      key: 'contacts',
      header: 'Contacts',
      hidden: true,
      exportValue: (a) => contactsText(a.contacts),
      render: (a) => <ContactLinks contacts={a.contacts} />,
    },
    { key: 'notes', header: 'Notes', hidden: true, render: (a) => <CutText text={a.notes} /> },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
  ];
}
