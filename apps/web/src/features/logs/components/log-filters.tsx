import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { AUDIT_ACTIONS } from '@pxl/contract/log/log.schemas';
import { FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { statusOptions } from '@/lib/labels.ts';
import { isUuid } from './log-query.ts';

const ACTION_OPTIONS = statusOptions(AUDIT_ACTIONS);

/** The user filter takes a user's UUID (from the roles lists); it applies once the text is a whole UUID. */
function UserFilter({ list }: { list: ListStateApi }) {
  const current = list.state.filters.user_uuid ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const invalid = text.trim() !== '' && !isUuid(text);
  const commit = () => {
    if (!invalid && text.trim() !== current) list.update({ filters: { user_uuid: text.trim() || undefined } });
  };
  return (
    <TextInput
      label="User (UUID)"
      name="user_uuid"
      placeholder="Any user"
      w={320}
      value={text}
      error={invalid ? 'Enter a whole UUID' : undefined}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/** Date range (in the network's time zone), action and, for admin and head, the user. */
export function LogFilters({ list, canFilterUser }: { list: ListStateApi; canFilterUser: boolean }) {
  const setDate = (key: 'date_from' | 'date_to', value: string) =>
    list.update({ filters: { [key]: value || undefined } });
  return (
    <>
      <TextInput
        type="date"
        label="From"
        name="date_from"
        w={150}
        value={list.state.filters.date_from ?? ''}
        onChange={(e) => setDate('date_from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        name="date_to"
        w={150}
        value={list.state.filters.date_to ?? ''}
        onChange={(e) => setDate('date_to', e.currentTarget.value)}
      />
      <FilterSelect list={list} name="action" label="Action" data={ACTION_OPTIONS} w={220} />
      {canFilterUser && <UserFilter list={list} />}
    </>
  );
}
