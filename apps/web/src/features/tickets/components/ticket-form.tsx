import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { ticketCreateSchema, type Ticket, type TicketAttachment } from '@pxl/contract/tickets/tickets.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useCreateTicket } from '../api/tickets.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { NEW_TYPE_OPTIONS } from './ticket-labels.ts';

type Values = { type: string | null; subject: string; body: string };

/** A partner's new ticket; offer access tickets come from "Request access" on an offer instead. */
export function TicketForm({ onDone, onCancel }: { onDone: (t: Ticket) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Values>({ type: 'general', subject: '', body: '' });
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const { errors, submit, saving } = useSaveForm(useCreateTicket());
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const send = () =>
    submit(
      ticketCreateSchema,
      { ...values, attachments: files.map((f) => f.uuid) },
      { notice: 'Ticket sent', onSaved: onDone },
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Paper withBorder p="md" radius="md" maw={900}>
        <Stack gap="md">
          <Group grow align="flex-start">
            <Select
              label="Type"
              name="type"
              data={NEW_TYPE_OPTIONS}
              allowDeselect={false}
              value={values.type}
              error={errors.type}
              onChange={(type) => set({ type })}
            />
            <TextInput
              label="Subject"
              name="subject"
              required
              maxLength={200}
              value={values.subject}
              error={errors.subject}
              onChange={(e) => set({ subject: e.currentTarget.value })}
            />
          </Group>
          <Textarea
            label="Message"
            name="body"
            required
            autosize
            minRows={5}
            maxRows={16}
            maxLength={10_000}
            value={values.body}
            error={errors.body}
            onChange={(e) => set({ body: e.currentTarget.value })}
          />
          <AttachmentPicker files={files} onChange={setFiles} error={errors.attachments} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Send
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
