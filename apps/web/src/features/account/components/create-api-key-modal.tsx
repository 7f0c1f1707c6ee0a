import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { apiKeyCreateSchema } from '@pxl/contract/account/index';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';

type Created = { key: string; name: string };

export function CreateApiKeyModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: Created) => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setName('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyCreateSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    create.mutate(parsed.data.name, {
      onSuccess: (data) => {
        close();
        onCreated({ key: data.key, name: data.name });
      },
      onError: (e) => setError(apiFieldErrors(e).name),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Create API key" centered>
      <form onSubmit={submit} noValidate aria-label="Create API key">
        <Stack gap="md">
          <TextInput
            label="Name"
            name="api_key_name"
            placeholder="e.g. Keitaro tracker"
            description="To tell your keys apart"
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={60}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
