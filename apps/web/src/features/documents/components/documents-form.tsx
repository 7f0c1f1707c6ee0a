import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  PUBLIC_DOCUMENTS,
  documentsSchema,
  type Documents,
  type PublicDocumentKey,
} from '@pxl/contract/documents/documents.schemas';
import { MarkdownField } from '@/components/ui/markdown-field.tsx';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useDocuments, useUpdateDocuments } from '../api/documents.ts';

/** The texts of the three public documents, in Markdown (docs/product/settings.md, "General"). */
export function DocumentsForm() {
  const texts = useDocuments();
  // The form starts from the texts as first loaded; a later refetch does not overwrite what is being edited.
  return texts.data ? <DocumentsEditor initial={texts.data} /> : null;
}

function DocumentsEditor({ initial }: { initial: Documents }) {
  const update = useUpdateDocuments();
  const [values, setValues] = useState(initial);
  const [tab, setTab] = useState<string | null>(PUBLIC_DOCUMENTS[0].key);
  const { errors, submit: send } = useSaveForm(update);

  const set = (key: PublicDocumentKey, text: string) => setValues({ ...values, [key]: text });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(documentsSchema, values, { notice: 'Documents saved' });
  };
  return (
    <Paper withBorder radius="md" p="lg" maw={900}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={4}>Public documents</Title>
            <Text size="sm" c="dimmed">
              Shown to everyone, also before signing in; the sign-up form links to the user agreement.
            </Text>
          </div>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              {PUBLIC_DOCUMENTS.map((d) => (
                <Tabs.Tab key={d.key} value={d.key} color={errors[d.key] ? 'red' : undefined}>
                  {d.title}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {PUBLIC_DOCUMENTS.map((d) => (
              <Tabs.Panel key={d.key} value={d.key} pt="sm">
                <Stack gap="xs">
                  <MarkdownField
                    label={d.title}
                    name={d.key}
                    value={values[d.key]}
                    error={errors[d.key]}
                    onChange={(text) => set(d.key, text)}
                    minRows={14}
                  />
                  <Anchor href={`/${d.name}`} target="_blank" rel="noopener noreferrer" size="sm">
                    Open /{d.name}
                  </Anchor>
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save documents
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
