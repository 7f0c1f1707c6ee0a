import { useState } from 'react';
import { Loader, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { newsApi } from '@pxl/contract/news/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { ServerHtml } from './server-html.tsx';

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: string;
  minRows?: number;
};

/** The preview asks the server: readers get exactly what its sanitiser makes of the text, so the writer sees it too. */
function Preview({ markdown }: { markdown: string }) {
  const preview = useQuery({
    queryKey: ['markdown-preview', markdown],
    queryFn: ({ signal }) => apiRequest(newsApi.preview, { body: { body: markdown }, signal }),
    enabled: markdown.trim().length > 0,
    staleTime: Infinity,
  });
  if (!markdown.trim()) return <Text c="dimmed">Nothing to preview</Text>;
  if (preview.isPending) return <Loader size="sm" />;
  if (preview.isError) return <Text c="red">The preview could not be made: {String(preview.error)}</Text>;
  return <ServerHtml html={preview.data.html} data-testid="markdown-preview" />;
}

/** A Markdown text with a Write / Preview switch. */
export function MarkdownField({ label, name, value, onChange, error, description, minRows = 10 }: Props) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        w={200}
        value={mode}
        onChange={(v) => setMode(v as 'write' | 'preview')}
        data={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        aria-label={`${label}: write or preview`}
      />
      {mode === 'write' ? (
        <Textarea
          label={label}
          name={name}
          description={description ?? 'Markdown: # heading, **bold**, *italic*, [link](https://…), - list'}
          autosize
          minRows={minRows}
          maxRows={30}
          value={value}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ) : (
        <Paper withBorder p="md" radius="sm" mih={120}>
          <Text size="sm" fw={500} mb="xs">
            {label}
          </Text>
          <Preview markdown={value} />
          {error && (
            <Text c="red" size="xs" mt="xs">
              {error}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
