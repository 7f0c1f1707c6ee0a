import { TagsInput } from '@mantine/core';

const CODE = /^[1-5]\d\d$/;

/** A list of HTTP status codes as tags; anything that is not a code (typed by mistake) is dropped. */
export function CodesInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}) {
  return (
    <TagsInput
      label={label}
      description={description}
      placeholder="Type a code, Enter"
      value={value}
      error={error}
      splitChars={[',', ' ']}
      onChange={(tags) => onChange([...new Set(tags.map((t) => t.trim()).filter((t) => CODE.test(t)))])}
    />
  );
}
