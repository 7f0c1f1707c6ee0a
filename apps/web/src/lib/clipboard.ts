import { COPIED } from '@pxl/contract/http/messages';
import { notifyError, notifySuccess } from './notifications/notification-store.ts';

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** Copies text and shows "Coppied!" (docs/product/api-and-errors.md); falls back to a hidden textarea where the Clipboard API is missing. */
export async function copyToClipboard(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) copied = copyWithTextarea(text);
  if (copied) notifySuccess(COPIED);
  else notifyError('Could not copy to the clipboard');
  return copied;
}
