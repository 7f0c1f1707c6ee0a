import { Button, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { newsInputSchema, type NewsAudience, type NewsItem } from '@pxl/contract/news/news.schemas';
import { MarkdownField } from '@/components/ui/markdown-field.tsx';
import { isoToZonedInput, zonedInputToIso } from '@/lib/format/dates.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveNews } from '../api/save-news.ts';
import { AUDIENCE_OPTIONS } from './news-labels.ts';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { FormCard } from '@/components/forms/form-layout.tsx';

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
  const { errors, submit: send, saving } = useSaveForm(useSaveNews(item?.uuid));
  const { values, set, text, choice, flag } = useFormValues<Values>(() => valuesOf(item, timeZone), errors);
  const submit = () =>
    send(
      newsInputSchema,
      { ...values, publish_at: zonedInputToIso(values.publish_at, timeZone) },
      { notice: (saved) => `News "${saved.title}" ${item ? 'saved' : 'created'}`, onSaved: onDone },
    );
  return (
    <FormCard onSubmit={submit} gap="md">
      <TextInput label="Title" required maxLength={200} {...text('title')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label="Audience" data={AUDIENCE_OPTIONS} {...choice('audience')} />
        <TextInput
          type="datetime-local"
          label="Publish date"
          description={item ? `Time zone ${timeZone}` : `Empty: now. Time zone ${timeZone}`}
          {...text('publish_at')}
        />
        <Switch label="Pinned" name="pinned" description="Stays on top of the feed" mt="lg" {...flag('pinned')} />
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
    </FormCard>
  );
}
