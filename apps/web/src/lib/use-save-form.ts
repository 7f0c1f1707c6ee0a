import { useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from './form-errors.ts';
import { submitForm, type SaveMutation, type SubmitOptions } from './save-form.ts';

const asIs = (errors: FieldErrors) => errors;

/** A form's field errors and its save (see submitForm); `shape` rewrites the messages for the screen. */
export function useSaveForm<B, R>(save: SaveMutation<B, R>, shape: (errors: FieldErrors) => FieldErrors = asIs) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (schema: z.ZodType<B>, input: unknown, options?: SubmitOptions<B, R>) =>
    submitForm({ save, setErrors, shape }, schema, input, options);
  return { errors, setErrors, submit, saving: save.isPending };
}
