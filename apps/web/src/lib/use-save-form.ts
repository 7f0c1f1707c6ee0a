import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from './form-errors.ts';
import { submitForm, type SaveMutation, type SubmitOptions } from './save-form.ts';

const asIs = (errors: FieldErrors) => errors;

/**
 * A form's field errors and its save (see submitForm); `shape` rewrites the messages for the screen. When a save
 * ends with field errors the first invalid input takes the focus, so a screen reader reads its label and its error
 * (tied to it by aria-describedby) and a keyboard user is where the fix is (docs/decisions/029-accessibility.md).
 */
export function useSaveForm<B, R>(save: SaveMutation<B, R>, shape: (errors: FieldErrors) => FieldErrors = asIs) {
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const invalid =
      document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    if (invalid && !invalid.contains(document.activeElement)) invalid.focus();
  }, [errors]);
  const submit = (schema: z.ZodType<B>, input: unknown, options?: SubmitOptions<B, R>) =>
    submitForm({ save, setErrors, shape }, schema, input, options);
  return { errors, setErrors, submit, saving: save.isPending };
}
