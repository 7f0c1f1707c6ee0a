import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from './list-state.ts';
import { formatCount } from '@/lib/format/numbers.ts';

/** Total count, page size choice (20/50/100) and pages, from the response's `count`. */
export function TablePager({
  page,
  count,
  total,
  capped = false,
  onPage,
  onCount,
}: {
  page: number;
  count: number;
  total: number | undefined;
  /** More rows match than `total` (the server stopped counting): "of 10,000+". */
  capped?: boolean;
  onPage: (page: number) => void;
  onCount: (count: number) => void;
}) {
  const pages = total === undefined ? page : Math.max(1, Math.ceil(total / count));
  const from = total ? (page - 1) * count + 1 : 0;
  const to = total === undefined ? 0 : Math.min(total, page * count);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid="table-total">
        {total === undefined
          ? '…'
          : total === 0
            ? 'No records'
            : `${from}–${to} of ${capped ? `${formatCount(total)}+` : total}`}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            Rows per page
          </Text>
          <Select
            size="xs"
            w={80}
            aria-label="Rows per page"
            allowDeselect={false}
            value={String(count)}
            data={PAGE_SIZES.map(String)}
            onChange={(v) => v && onCount(Number(v))}
          />
        </Group>
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPage} siblings={1} />
      </Group>
    </Group>
  );
}
