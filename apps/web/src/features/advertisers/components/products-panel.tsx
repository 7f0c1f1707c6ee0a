import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Advertiser, Product } from '@pxl/contract/advertisers/advertisers.schemas';
import { INTEGRATION_TYPES } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import { ConfirmModal } from '@/components/data-table/index.ts';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteProduct, useProducts } from '../api/products.ts';
import { ProductFormModal } from './product-form-modal.tsx';
import { StatusBadge } from './status-badge.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

type Editing = { product?: Product } | null;

/** The advertiser's products (expanded row): list, create, edit, delete. */
export function ProductsPanel({ advertiser, timeZone }: { advertiser: Advertiser; timeZone: string }) {
  const products = useProducts(advertiser.uuid);
  const remove = useDeleteProduct(advertiser.uuid);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const list = (products.data?.list ?? []).filter((p) => p.status !== 'deleted');

  return (
    <Stack gap="xs" data-testid={`products-of-${advertiser.uuid}`}>
      <Group justify="space-between">
        <Title order={5}>Products of {advertiser.company}</Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({})}>
          Add product
        </Button>
      </Group>
      {products.isPending ? (
        <Loader size="sm" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products yet.
        </Text>
      ) : (
        <PlainTable
          withTableBorder
          verticalSpacing={4}
          fz="sm"
          bg="white"
          head={['Name', 'Integration', 'Payment', 'Revenue', 'Geos', 'Credentials', 'Status', { w: 80 }]}
        >
          {list.map((p) => (
            <Table.Tr key={p.uuid}>
              <Table.Td fw={500}>{p.name}</Table.Td>
              <Table.Td>{INTEGRATION_TYPES[p.integration_type]}</Table.Td>
              <Table.Td tt="uppercase">{p.payment_type}</Table.Td>
              <Table.Td>
                {p.revenue.map((r) => `${r.geo} ${formatMoney(r.amount, r.currency)}`).join(', ') || '—'}
              </Table.Td>
              <Table.Td>
                <CountryFlags codes={p.geos} max={3} />
              </Table.Td>
              <Table.Td>
                {p.credential_keys.length ? (
                  <Badge size="sm" variant="light" color="teal">
                    {p.credential_keys.length} set
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <StatusBadge status={p.status} />
                  {!p.tested_at && (
                    <Badge
                      size="sm"
                      variant="light"
                      color="yellow"
                      radius="sm"
                      title="Never used for routing until a test succeeds"
                    >
                      untested
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing({ product: p })}>
                    <IconEdit size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${p.name}`}
                    onClick={() => setDeleting(p)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </PlainTable>
      )}
      {editing && (
        <ProductFormModal
          advertiserUuid={advertiser.uuid}
          product={editing.product}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete product"
        confirmLabel="Delete"
        loading={remove.isPending}
        text={`Delete ${deleting?.name ?? ''}? It is kept for history but no longer used.`}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () => {
              notifySuccess(`Product ${deleting.name} deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}
