import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { newsInputSchema, type NewsAudience, type NewsItem } from '@pxl/contract/news/news.schemas';
import { MarkdownField } from '@/components/ui/markdown-field.tsx';
import { isoToZonedInput, zonedInputToIso } from '@/lib/format/dates.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveNews } from '../api/save-news.ts';
import { AUDIENCE_OPTIONS } from './news-labels.ts';

type Values = { title: string; body: string; audience: NewsAudience; publish_at: string; pinned: boolean };
type Props = { item?: NewsItem; timeZone: string; onDone: () => void };

const valuesOf = (item: NewsItem | undefined, timeZone: string): Values => ({
  title: item?.title ?? '',
  body: item?.body ?? '',
  audience: item?.audience ?? 'all',
  publish_at: isoToZonedInput(item?.publish_at, timeZone),
  pinned: item?.pinned ?? false,
});

/** Write or edit a news item (docs/product/tickets-and-mail.md); an empty publish date publishes at once. */
export function NewsForm({ item, timeZone, onDone }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(item, timeZone));
  const { errors, submit: send, saving } = useSaveForm(useSaveNews(item?.uuid));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const submit = () =>
    send(
      newsInputSchema,
      { ...values, publish_at: zonedInputToIso(values.publish_at, timeZone) },
      { notice: (saved) => `News "${saved.title}" ${item ? 'saved' : 'created'}`, onSaved: onDone },
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Paper withBorder p="md" radius="md" maw={900}>
        <Stack gap="md">
          <TextInput
            label="Title"
            name="title"
            required
            maxLength={200}
            value={values.title}
            error={errors.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Audience"
              name="audience"
              data={AUDIENCE_OPTIONS}
              allowDeselect={false}
              value={values.audience}
              error={errors.audience}
              onChange={(v) => v && set({ audience: v as NewsAudience })}
            />
            <TextInput
              type="datetime-local"
              label="Publish date"
              name="publish_at"
              description={item ? `Time zone ${timeZone}` : `Empty: now. Time zone ${timeZone}`}
              value={values.publish_at}
              error={errors.publish_at}
              onChange={(e) => set({ publish_at: e.currentTarget.value })}
            />
            <Switch
              label="Pinned"
              name="pinned"
              description="Stays on top of the feed"
              mt="lg"
              checked={values.pinned}
              onChange={(e) => set({ pinned: e.currentTarget.checked })}
            />
          </SimpleGrid>
          <MarkdownField
            label="Text"
            name="body"
            value={values.body}
            error={errors.body}
            onChange={(body) => set({ body })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {item ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
