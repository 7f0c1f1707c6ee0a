import { Stack, Text } from '@mantine/core';
import type { Manager } from '@pxl/contract/managers/managers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { idColumn, dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { ContactLinks, contactsText } from '@/components/ui/messenger-link.tsx';
import { ManagerStatusBadge, RoleBadge, roleLabel, typeLabel } from './manager-labels.tsx';

export const managerName = (m: Manager): string => `${m.first_name} ${m.last_name}`.trim() || m.email;
const editPath = (m: Manager) => buildPath('/roles/managers/edit/:uuid', { uuid: m.uuid });

/** Columns of the managers list. */
export function managerColumns(timeZone: string): DataColumn<Manager>[] {
  return [
    idColumn(editPath, { hidden: true }),
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      exportValue: managerName,
      render: (m) => (
        <Stack gap={0}>
          <RecordLink to={editPath(m)}>{managerName(m)}</RecordLink>
          <Text size="xs" c="dimmed">
            {m.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, hidden: true },
    {
      key: 'role',
      header: 'Role',
      sortable: true,
      exportValue: (m) => roleLabel(m.role),
      render: (m) => <RoleBadge role={m.role} />,
    },
    { key: 'type', header: 'Type', exportValue: (m) => typeLabel(m.type), render: (m) => typeLabel(m.type) },
    {
      key: 'team_lead',
      header: 'Team lead',
      exportValue: (m) => m.team_lead?.name ?? '',
      render: (m) =>
        m.team_lead?.name ?? (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'contacts',
      header: 'Contacts',
      exportValue: (m) => contactsText(m.contacts),
      render: (m) => <ContactLinks contacts={m.contacts} />,
    },
    { key: 'partners_count', header: 'Partners' },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
    dateColumn('last_login_at', 'Last login', timeZone, { sortable: true }),
    { key: 'status', header: 'Status', render: (m) => <ManagerStatusBadge status={m.status} /> },
  ];
}
