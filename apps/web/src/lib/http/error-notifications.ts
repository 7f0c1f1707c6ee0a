import { errorEnvelopeMessages, httpErrorText, standardTextWithoutPrefix } from '@pxl/contract/http/messages';

export type FailureInput = {
  /** HTTP status of the response, or null for a response with status 'error' on a 2xx. */
  status: number | null;
  /** The `error` object of an error envelope, if the body was one. */
  envelopeError: Record<string, string | number> | null;
  /** The error's own message, used for statuses outside the catalogue. */
  message: string;
};

/**
 * The failures of docs/product/api-and-errors.md as notification texts. An HTTP failure shows its catalogue text; the envelope's keys
 * follow as "key - message" (skipping a key that only repeats the catalogue text), so field
 * problems stay visible. Statuses outside the catalogue show the envelope keys, else the own message.
 */
export function failureNotifications({ status, envelopeError, message }: FailureInput): string[] {
  const keyLines = envelopeError ? errorEnvelopeMessages(envelopeError) : [];
  if (status === null || (status >= 200 && status < 300)) return keyLines.length ? keyLines : [message];
  const catalogue = httpErrorText(status, '');
  if (!catalogue) return keyLines.length ? keyLines : [message];
  const repeated = standardTextWithoutPrefix(status);
  const extra = Object.entries(envelopeError ?? {})
    .filter(([, value]) => String(value) !== repeated && standardTextWithoutPrefix(value) !== repeated)
    .map(([key, value]) => errorEnvelopeMessages({ [key]: value })[0]);
  return [catalogue, ...extra];
}
