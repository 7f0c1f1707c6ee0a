import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { AUDIT_ACTIONS } from '@pxl/contract/log/log.schemas';
import { DATE_RANGE, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { statusOptions } from '@/lib/labels.ts';
import { isUuid } from './log-query.ts';

const ACTION_OPTIONS = statusOptions(AUDIT_ACTIONS);

/** The user filter takes a user's UUID (from the roles lists); it applies once the text is a whole UUID. */
function UserFilter({ list }: { list: ListStateApi }) {
  const current = list.state.filters.user_uuid ?? '';
  const [text, setText] = useState(current);
  // Follows the URL when it changes (back button, "Clear filters"), set while rendering.
  const [followed, setFollowed] = useState(current);
  if (followed !== current) {
    setFollowed(current);
    setText(current);
  }
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
  return (
    <>
      <DateRangeFilter list={list} keys={DATE_RANGE} label="" />
      <FilterSelect list={list} name="action" label="Action" data={ACTION_OPTIONS} w={220} />
      {canFilterUser && <UserFilter list={list} />}
    </>
  );
}
