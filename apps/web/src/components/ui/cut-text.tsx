import { Tooltip } from '@mantine/core';
import { cutText } from '@pxl/contract/format/text';
import { TEXT_CUT_LENGTH } from '@pxl/contract/http/messages';

/** Long text cut after `length` characters with '...' (docs/product/screens-and-lists.md); the full text shows on hover. */
export function CutText({ text, length = TEXT_CUT_LENGTH }: { text: string | null | undefined; length?: number }) {
  const full = text ?? '';
  const short = cutText(full, length);
  if (short === full) return <span>{full}</span>;
  return (
    <Tooltip label={full} multiline maw={360} withArrow openDelay={150}>
      <span style={{ cursor: 'help', whiteSpace: 'nowrap' }}>{short}</span>
    </Tooltip>
  );
}
