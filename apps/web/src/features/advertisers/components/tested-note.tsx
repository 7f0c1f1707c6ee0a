import { Alert, Anchor, Text } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Product } from '@pxl/contract/advertisers/advertisers.schemas';
import { formatDateLine } from '@pxl/contract/format/date';

export const testPath = (uuid: string) => `/settings/test-api/integrations?product=${uuid}`;

/** Whether the product may be routed to (docs/product/leads.md: only after a successful test), and where to test it. */
export function TestedNote({ product, timeZone }: { product?: Product; timeZone: string }) {
  if (!product) {
    return (
      <Text size="sm" c="dimmed">
        A new product starts untested: save it, then send it a test lead in Settings › Test API › Integrations.
      </Text>
    );
  }
  const link = (label: string) => (
    <Anchor component={Link} to={testPath(product.uuid)} size="sm" fw={500}>
      {label}
    </Anchor>
  );
  return product.tested_at ? (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs" data-testid="product-tested">
      <Text size="sm">
        Tested at {formatDateLine(product.tested_at, timeZone)}. Changing the integration or the credentials asks for a
        new test. {link('Test again')}
      </Text>
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="product-untested">
      <Text size="sm">Not tested — untested products are never used for routing. {link('Send a test lead')}</Text>
    </Alert>
  );
}
