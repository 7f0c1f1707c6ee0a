import type { FieldErrors } from '@/lib/form-errors.ts';

// Error keys are dotted body paths (`integration.answer.success_status.0`), from the contract's schema in the
// browser or from the server's answer alike.

/** The first message at `path` or anywhere inside it: a list of codes shows one message for all its items. */
export const errorUnder = (errors: FieldErrors, path: string): string | undefined =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

/** The accordion sections (body paths) holding an error, to open them so the message is seen. */
export const sectionsWithErrors = (errors: FieldErrors, sections: readonly string[]): string[] =>
  sections.filter((s) => Object.keys(errors).some((key) => key === s || key.startsWith(`${s}.`)));
