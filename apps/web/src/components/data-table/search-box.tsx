import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Search input writing to the list state after a short pause in typing. */
export function SearchBox({
  value,
  placeholder,
  onSearch,
}: {
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  // The search last sent: when it comes back as `value`, the box keeps what was typed since (more letters, or the
  // space the trimmed search lost) instead of being set back to it.
  const sent = useRef(value);
  const send = (next: string) => {
    sent.current = next;
    onSearch(next);
  };
  const commit = useDebouncedCallback((next: string) => send(next.trim()), { delay: 400, flushOnUnmount: false });
  // A search still being typed must not land on the page the user went to next. `commit` keeps its identity; its
  // `cancel` is replaced on every call, so it is read when the box goes.
  useEffect(() => () => commit.cancel(), [commit]);
  // Follows the URL when it changes from outside (back button, "Clear filters").
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return (
    <TextInput
      w={{ base: '100%', sm: 280 }}
      placeholder={placeholder}
      aria-label="Search"
      name="search"
      value={text}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              send('');
            }}
          />
        ) : null
      }
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send(text.trim());
      }}
    />
  );
}
