import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { domainCreateSchema } from '@pxl/contract/tracking/tracking.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useAddDomain, type OnDomainsChanged } from '../api/domain-mutations.ts';

/** Add a domain; the server checks its DNS at once and the row shows the verdict. */
export function AddDomainForm({ onChanged, first }: { onChanged: OnDomainsChanged; first: boolean }) {
  const add = useAddDomain(onChanged);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const { errors, submit: send } = useSaveForm(add);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      domainCreateSchema,
      { name, is_default: isDefault },
      {
        onSaved: () => {
          setName('');
          setIsDefault(false);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Add tracking domain">
        <Stack gap="sm">
          <Title order={4}>Add a domain</Title>
          <Group align="flex-start" wrap="wrap" gap="md">
            <TextInput
              label="Domain"
              name="name"
              placeholder="trk.example.com"
              autoComplete="off"
              required
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
              w={{ base: '100%', sm: 360 }}
            />
            <Checkbox
              label="Make it the default"
              name="is_default"
              mt={{ base: 0, sm: 34 }}
              checked={isDefault || first}
              disabled={first}
              description={first ? 'The first domain is the default' : undefined}
              onChange={(e) => setIsDefault(e.currentTarget.checked)}
            />
          </Group>
          <Group>
            <Button type="submit" leftSection={<IconPlus size={14} />} loading={add.isPending}>
              Add domain
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
