import { useState } from 'react';
import { Button, Group, Select, TextInput, Textarea } from '@mantine/core';
import { ticketCreateSchema, type Ticket, type TicketAttachment } from '@pxl/contract/tickets/tickets.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useCreateTicket } from '../api/tickets.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { NEW_TYPE_OPTIONS } from './ticket-labels.ts';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { FormCard } from '@/components/forms/form-layout.tsx';

type Values = { type: string | null; subject: string; body: string };

/** A partner's new ticket; offer access tickets come from "Request access" on an offer instead. */
export function TicketForm({ onDone, onCancel }: { onDone: (t: Ticket) => void; onCancel: () => void }) {
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const { errors, submit, saving } = useSaveForm(useCreateTicket());
  const { values, text, option } = useFormValues<Values>(() => ({ type: 'general', subject: '', body: '' }), errors);
  const send = () =>
    submit(
      ticketCreateSchema,
      { ...values, attachments: files.map((f) => f.uuid) },
      { notice: 'Ticket sent', onSaved: onDone },
    );
  return (
    <FormCard onSubmit={send} gap="md">
      <Group grow align="flex-start">
        <Select label="Type" data={NEW_TYPE_OPTIONS} allowDeselect={false} {...option('type')} />
        <TextInput label="Subject" required maxLength={200} {...text('subject')} />
      </Group>
      <Textarea label="Message" required autosize minRows={5} maxRows={16} maxLength={10_000} {...text('body')} />
      <AttachmentPicker files={files} onChange={setFiles} error={errors.attachments} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Send
        </Button>
      </Group>
    </FormCard>
  );
}
