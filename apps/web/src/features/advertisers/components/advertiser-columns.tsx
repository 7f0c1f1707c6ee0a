import { Badge, Text } from '@mantine/core';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { buildPath } from '@pxl/contract/routes/index';
import { RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { ContactLinks, contactsText } from '@/components/ui/messenger-link.tsx';
import { StatusBadge } from './status-badge.tsx';

const editPath = (a: Advertiser) => buildPath('/roles/advertisers/edit/:uuid', { uuid: a.uuid });
export const contactName = (a: Advertiser): string => `${a.first_name} ${a.last_name}`.trim();
const dateText = (value: string | null, tz: string) => formatDateLine(value, tz);

/** Columns of the advertisers list. */
export function advertiserColumns(timeZone: string): DataColumn<Advertiser>[] {
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
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      exportValue: (a) => dateText(a.created_at, timeZone),
      render: (a) => <DateCell value={a.created_at} timeZone={timeZone} />,
    },
  ];
}
