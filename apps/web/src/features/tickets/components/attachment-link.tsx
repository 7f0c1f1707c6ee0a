import { Anchor } from '@mantine/core';
import { IconFile, IconPhoto } from '@tabler/icons-react';
import type { TicketAttachment } from '@pxl/contract/tickets/tickets.schemas';
import { fetchAttachment } from '../api/tickets.ts';
import { sizeLabel } from './ticket-labels.ts';

/** The file is fetched with the session header and saved under its name. */
const save = async (file: TicketAttachment) => {
  const url = URL.createObjectURL(await fetchAttachment(file.uuid));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

export function AttachmentLink({ file }: { file: TicketAttachment }) {
  const Icon = file.mime.startsWith('image/') ? IconPhoto : IconFile;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void save(file)}
      style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
    >
      <Icon size={14} />
      {file.name} ({sizeLabel(file.size)})
    </Anchor>
  );
}
