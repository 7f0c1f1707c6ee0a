import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

/** Menu of checkboxes turning columns on and off. */
export function ColumnChooser({
  columns,
  visibleKeys,
  onToggle,
}: {
  columns: readonly { key: string; header: string }[];
  visibleKeys: readonly string[];
  onToggle: (key: string, visible: boolean) => void;
}) {
  return (
    <Menu position="bottom-end" shadow="md" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Tooltip label="Columns">
          <ActionIcon variant="default" size="lg" aria-label="Choose columns">
            <IconColumns size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns</Menu.Label>
        {columns.map((column) => {
          const checked = visibleKeys.includes(column.key);
          return (
            <Menu.CheckboxItem
              key={column.key}
              checked={checked}
              closeMenuOnClick={false}
              disabled={checked && visibleKeys.length === 1}
              onChange={(next) => onToggle(column.key, next)}
            >
              {column.header}
            </Menu.CheckboxItem>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
