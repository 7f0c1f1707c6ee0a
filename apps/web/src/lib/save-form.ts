import type { z } from 'zod';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from './form-errors.ts';
import { notifySuccess } from './notifications/notification-store.ts';

/** The part of a react-query mutation a form needs. */
export type SaveMutation<B, R> = {
  mutate: (body: B, callbacks: { onSuccess: (saved: R) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

export type SubmitOptions<B, R> = {
  /** Checks the schema cannot make (two inputs that must match); their messages go under the fields too. */
  check?: (body: B) => FieldErrors | null;
  /** The success notice; left out where the mutation says it itself or the screen shows the result instead. */
  notice?: string | ((saved: R) => string);
  onSaved?: (saved: R) => void;
};

type Form<B, R> = {
  save: SaveMutation<B, R>;
  setErrors: (errors: FieldErrors) => void;
  /** Rewrites the messages for a screen that words them its own way. */
  shape: (errors: FieldErrors) => FieldErrors;
};

/**
 * One save of a form: the input is checked against the contract's schema (the first message of each field goes
 * under it), then sent; the server's field messages go under the same fields, and a saved form says so.
 */
export function submitForm<B, R>(
  form: Form<B, R>,
  schema: z.ZodType<B>,
  input: unknown,
  options: SubmitOptions<B, R> = {},
): void {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return form.setErrors(form.shape(zodFieldErrors(parsed.error)));
  const failed = options.check?.(parsed.data);
  if (failed) return form.setErrors(failed);
  form.setErrors({});
  form.save.mutate(parsed.data, {
    onSuccess: (saved) => {
      const { notice } = options;
      if (notice) notifySuccess(typeof notice === 'string' ? notice : notice(saved));
      options.onSaved?.(saved);
    },
    onError: (error) => form.setErrors(form.shape(apiFieldErrors(error))),
  });
}
