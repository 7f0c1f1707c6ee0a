import type { AttemptResult } from '@pxl/contract/leads/integration.schemas';

type StepResult = AttemptResult | 'skipped';

/** Colour and words of a send's result, the same on both Test API screens. */
export const RESULTS: Record<StepResult, { color: string; label: string }> = {
  accepted: { color: 'green', label: 'Accepted' },
  rejected: { color: 'red', label: 'Rejected' },
  duplicate: { color: 'orange', label: 'Duplicate' },
  caps_full: { color: 'gray', label: 'Caps full' },
  closed_hours: { color: 'gray', label: 'Closed hours' },
  error: { color: 'red', label: 'Error' },
  timeout: { color: 'yellow', label: 'Timeout' },
  skipped: { color: 'gray', label: 'Skipped' },
};

/** JSON answers indented for reading; anything else as it came. */
export function prettyBody(body: string): string {
  const text = body.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body;
  }
}

export const statusColor = (code: number | null) =>
  code === null ? 'gray' : code < 300 ? 'green' : code < 500 ? 'orange' : 'red';
