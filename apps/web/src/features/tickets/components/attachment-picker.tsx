import { useState } from 'react';
import { FileButton, Button, Group, Pill, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { TICKET_MAX_ATTACHMENTS, type TicketAttachment } from '@pxl/contract/tickets/tickets.schemas';
import { uploadAttachment } from '../api/tickets.ts';
import { sizeLabel } from './ticket-labels.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * Files go up as soon as they are picked; the message then names them. The server checks what each file is and its
 * size, and says why when it refuses one.
 */
export function AttachmentPicker({
  files,
  onChange,
  error,
}: {
  files: TicketAttachment[];
  onChange: (files: TicketAttachment[]) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const add = async (picked: File[]) => {
    setBusy(true);
    const done: TicketAttachment[] = [];
    for (const file of picked.slice(0, TICKET_MAX_ATTACHMENTS - files.length)) {
      try {
        done.push(await uploadAttachment(file));
      } catch {
        // The refusal is already a notification in words (type or size).
      }
    }
    setBusy(false);
    onChange([...files, ...done]);
  };
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(f) => void add(f)} accept={ACCEPT} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={busy}
              disabled={files.length >= TICKET_MAX_ATTACHMENTS}
              leftSection={<IconPaperclip size={14} />}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        {files.map((f) => (
          <Pill key={f.uuid} withRemoveButton onRemove={() => onChange(files.filter((x) => x.uuid !== f.uuid))}>
            {f.name} · {sizeLabel(f.size)}
          </Pill>
        ))}
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4}>
        {error ?? `Images (PNG, JPEG, GIF, WebP) or PDF, up to 5 MB each, at most ${TICKET_MAX_ATTACHMENTS}.`}
      </Text>
    </div>
  );
}
