import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { leadListInputSchema, type ColdSource, type LeadList } from '@pxl/contract/cold-api/cold.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveLeadList } from '../api/lead-lists.ts';
import { SOURCE_LABELS } from './cold-labels.tsx';

/** A new list (title and the tab it starts on), or a rename; a new list goes on to its add page. */
export function LeadListForm({
  list,
  onClose,
  onSaved,
}: {
  list?: LeadList;
  onClose: () => void;
  onSaved?: (l: LeadList) => void;
}) {
  const [title, setTitle] = useState(list?.title ?? '');
  const [source, setSource] = useState<ColdSource>(list?.source ?? 'user_session');
  const { errors, submit, saving } = useSaveForm(useSaveLeadList(list?.uuid));
  const save = () =>
    submit(
      leadListInputSchema,
      { title, source },
      {
        notice: (l) => `Lead list ${l.title} ${list ? 'saved' : 'created'}`,
        onSaved: (l) => {
          onSaved?.(l);
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={list ? `Rename ${list.title}` : 'New lead list'}>
      <form
        noValidate
        aria-label="Lead list"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            name="title"
            required
            maxLength={200}
            data-autofocus
            value={title}
            error={errors.title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          {!list && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Source
              </Text>
              <SegmentedControl
                aria-label="Source"
                value={source}
                onChange={(v) => setSource(v as ColdSource)}
                data={(Object.keys(SOURCE_LABELS) as ColdSource[]).map((value) => ({
                  value,
                  label: SOURCE_LABELS[value],
                }))}
              />
              {errors.source && (
                <Text c="red" size="xs">
                  {errors.source}
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {list ? 'Save' : 'Create and add leads'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
