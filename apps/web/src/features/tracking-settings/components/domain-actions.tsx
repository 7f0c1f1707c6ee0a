import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconRefresh, IconStar, IconTrash } from '@tabler/icons-react';
import type { Domain } from '@pxl/contract/tracking/tracking.schemas';
import { ConfirmModal } from '@/components/data-table/index.ts';
import {
  useCheckDomain,
  useMakeDefaultDomain,
  useRemoveDomain,
  type OnDomainsChanged,
} from '../api/domain-mutations.ts';

/** Make default, check again, and remove (confirmed first: affiliates may already run links on the name). */
export function DomainActions({
  domain,
  onChanged,
  compact,
}: {
  domain: Domain;
  onChanged: OnDomainsChanged;
  compact?: boolean;
}) {
  const makeDefault = useMakeDefaultDomain(onChanged);
  const check = useCheckDomain();
  const remove = useRemoveDomain(onChanged);
  const [confirming, setConfirming] = useState(false);
  const next = domain.is_default ? ' The oldest remaining domain becomes the default.' : '';
  return (
    <Group gap={6} wrap="wrap" justify={compact ? 'flex-start' : 'flex-end'}>
      {!domain.is_default && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconStar size={14} />}
          loading={makeDefault.isPending}
          onClick={() => makeDefault.mutate(domain)}
        >
          Make default
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} />}
        loading={check.isPending}
        onClick={() => check.mutate(domain)}
      >
        Check again
      </Button>
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<IconTrash size={14} />}
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        Remove
      </Button>
      <ConfirmModal
        opened={confirming}
        title="Remove tracking domain"
        confirmLabel="Remove"
        text={`Remove ${domain.name}? Link builders stop offering it, and links already handed out on it may stop working.${next}`}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(domain);
        }}
      />
    </Group>
  );
}
