import { useState } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import { ticketReplySchema, type TicketAttachment } from '@pxl/contract/tickets/tickets.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useReplyTicket } from '../api/tickets.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { FormCard } from '@/components/forms/form-layout.tsx';

/** Answer with text and files; a staff answer makes the ticket answered, the partner's reopens it. */
export function ReplyBox({ uuid }: { uuid: string }) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const { errors, submit, saving } = useSaveForm(useReplyTicket(uuid));
  const send = () =>
    submit(
      ticketReplySchema,
      { body, attachments: files.map((f) => f.uuid) },
      {
        notice: 'Reply sent',
        onSaved: () => {
          setBody('');
          setFiles([]);
        },
      },
    );
  return (
    <FormCard onSubmit={send} gap="sm">
      <Textarea
        label="Reply"
        name="body"
        autosize
        minRows={3}
        maxRows={12}
        maxLength={10_000}
        value={body}
        error={errors.body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <AttachmentPicker files={files} onChange={setFiles} error={errors.attachments} />
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          Send reply
        </Button>
      </Group>
    </FormCard>
  );
}
