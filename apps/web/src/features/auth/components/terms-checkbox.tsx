import { Anchor, Checkbox, Text } from '@mantine/core';
import { Link } from 'react-router';

export function TermsCheckbox({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      name="accept_terms"
      checked={checked}
      error={error}
      onChange={(e) => onChange(e.currentTarget.checked)}
      label={
        <Text size="sm" component="span">
          I accept the{' '}
          <Anchor component={Link} to="/user-terms-and-conditions" target="_blank">
            Terms and Conditions
          </Anchor>
          , the{' '}
          <Anchor component={Link} to="/user-agreement" target="_blank">
            User Agreement
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to="/user-privacy-policy" target="_blank">
            Privacy Policy
          </Anchor>
        </Text>
      }
    />
  );
}
