import { useMemo } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MANAGER_SORTS, type Manager } from '@pxl/contract/managers/managers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { createdList, DataTable, ListFilters, listFilterLabels, useDataList } from '@/components/data-table/index.ts';
import type { SelectFilter } from '@/components/data-table/index.ts';
import { listManagers, useManagers } from '../api/list-managers.ts';
import { managerColumns } from './manager-columns.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { ROLE_OPTIONS, roleLabel, STATUS_OPTIONS } from './manager-labels.tsx';

const LIST = createdList(['status', 'role'], MANAGER_SORTS, 'created_at');
const SELECTS: SelectFilter[] = [
  { name: 'status', label: 'Status', data: STATUS_OPTIONS, w: 140, text: statusLabel },
  { name: 'role', label: 'Role', data: ROLE_OPTIONS, w: 150, text: roleLabel },
];
const LABELS = listFilterLabels(SELECTS);

/** The managers list: search by name or email; status, role and registration date filters. */
export function ManagersTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useManagers, listManagers, 'managers');
  const navigate = useNavigate();
  const columns = useMemo(() => managerColumns(timeZone), [timeZone]);
  return (
    <DataTable<Manager>
      listId="managers"
      {...table}
      columns={columns}
      rowKey={(m) => m.uuid}
      searchPlaceholder="Name or email"
      filterLabels={LABELS}
      filters={<ListFilters list={list} selects={SELECTS} />}
      rowActions={(m) => (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${m.email}`}
            onClick={() => navigate(buildPath('/roles/managers/edit/:uuid', { uuid: m.uuid }))}
          >
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      minWidth={1100}
    />
  );
}
