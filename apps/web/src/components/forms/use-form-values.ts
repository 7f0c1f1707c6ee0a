import { useState } from 'react';
import type { FieldErrors } from '@/lib/form-errors.ts';

/** What a text input sends to `onChange`; typed loosely so TextInput, PasswordInput and Textarea all fit. */
type TextChange = { currentTarget: { value: string } };

/** Keys of `V` whose value is text. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** Keys of `V` whose value is text or null (a Select that may be empty). */
export type OptionalKey<V> = {
  [K in keyof V]: V[K] extends string | null ? (null extends V[K] ? K : never) : never;
}[keyof V] &
  string;
/** Keys of `V` whose value is a yes or no (a Checkbox's, a Switch's). */
export type FlagKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;
/** Keys of `V` whose value is a list of texts (a MultiSelect's, a TagsInput's). */
export type ListKey<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;

/**
 * The values of a form and `set`, which merges a patch into them. `text(key)`, `choice(key)`, `option(key)`,
 * `flag(key)` and `list(key)` give a text input's, a Select's that always holds a value, a Select's that may be
 * empty, a Checkbox's or a MultiSelect's props (name, value or checked, error, onChange) in one spread.
 * `errorOf` reads a field's error (default: the message under its own key).
 */
export function useFormValues<V extends object>(
  initial: () => V,
  errors: FieldErrors,
  errorOf: (errors: FieldErrors, key: string) => string | undefined = (e, key) => e[key],
) {
  const [values, setValues] = useState<V>(initial);
  const set = (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch }));
  const text = (key: TextKey<V>) => ({
    name: key,
    value: values[key] as string,
    error: errorOf(errors, key),
    onChange: (e: TextChange) => set({ [key]: e.currentTarget.value } as Partial<V>),
  });
  const choice = (key: TextKey<V>) => ({
    name: key,
    value: values[key] as string,
    error: errorOf(errors, key),
    allowDeselect: false,
    onChange: (v: string | null) => {
      if (v !== null) set({ [key]: v } as Partial<V>);
    },
  });
  const option = (key: OptionalKey<V>) => ({
    name: key,
    value: values[key] as string | null,
    error: errorOf(errors, key),
    onChange: (v: string | null) => set({ [key]: v } as Partial<V>),
  });
  const flag = (key: FlagKey<V>) => ({
    checked: values[key] as boolean,
    onChange: (e: { currentTarget: { checked: boolean } }) => set({ [key]: e.currentTarget.checked } as Partial<V>),
  });
  const list = (key: ListKey<V>) => ({
    name: key,
    value: values[key] as string[],
    error: errorOf(errors, key),
    onChange: (v: string[]) => set({ [key]: v } as Partial<V>),
  });
  return { values, setValues, set, text, choice, option, flag, list };
}

/** What useFormValues gives, for a component that renders part of a form. */
export type FormState<V extends object> = ReturnType<typeof useFormValues<V>>;
