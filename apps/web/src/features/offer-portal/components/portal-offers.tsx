import { useMemo } from 'react';
import { Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useListState } from '@/components/data-table/index.ts';
import { TablePager } from '@/components/data-table/table-pager.tsx';
import { usePortalOffers } from '../api/list-portal-offers.ts';
import type { PortalRefs } from './offer-labels.ts';
import { PortalEmpty } from './portal-empty.tsx';
import { PortalFilters } from './portal-filters.tsx';
import { PortalOfferCard } from './portal-offer-card.tsx';
import { PortalOfferRow } from './portal-offer-row.tsx';
import { PORTAL_LIST, portalQuery, type OfferTab } from './portal-query.ts';
import type { Option } from '@pxl/contract/constants/options';

type View = 'cards' | 'rows';

/** One tab of the affiliate's offers: search and filters in the URL, cards or rows, paging. */
export function PortalOffers({
  tab,
  refs,
  verticals,
  geos,
  narrow,
}: {
  tab: OfferTab;
  refs: PortalRefs;
  verticals: Option[];
  geos: Option[];
  narrow: boolean;
}) {
  const list = useListState(PORTAL_LIST);
  const query = useMemo(() => portalQuery(tab, list.state), [tab, list.state]);
  const offers = usePortalOffers(query);
  const [params, setParams] = useSearchParams();
  // Cards suit wide screens, rows phones; a chosen view is kept in the URL like the filters.
  const view: View =
    params.get('view') === 'rows' || params.get('view') === 'cards'
      ? (params.get('view') as View)
      : narrow
        ? 'rows'
        : 'cards';
  const setView = (next: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('view', next);
        return n;
      },
      { replace: true },
    );
  const rows = offers.data?.list ?? [];

  let body;
  if (offers.isPending) body = <Skeletons view={view} />;
  else if (offers.isError && !offers.data) {
    body = (
      <Group gap="sm" py="xl" justify="center">
        <Text c="red.7" size="sm">
          The offers could not be loaded.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void offers.refetch()}>
          Retry
        </Button>
      </Group>
    );
  } else if (rows.length === 0) body = <PortalEmpty tab={tab} list={list} />;
  else if (view === 'cards') {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {rows.map((o) => (
          <PortalOfferCard key={o.id} offer={o} refs={refs} />
        ))}
      </SimpleGrid>
    );
  } else
    body = (
      <Stack gap="xs">
        {rows.map((o) => (
          <PortalOfferRow key={o.id} offer={o} refs={refs} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <div style={{ flex: 1, minWidth: 0 }}>
          <PortalFilters list={list} verticals={verticals} geos={geos} narrow={narrow} />
        </div>
        {!narrow && (
          <SegmentedControl
            value={view}
            onChange={setView}
            aria-label="View"
            data={[
              { value: 'cards', label: <IconLayoutGrid size={16} aria-label="Cards" /> },
              { value: 'rows', label: <IconList size={16} aria-label="Rows" /> },
            ]}
          />
        )}
      </Group>
      <div
        style={{ opacity: offers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={offers.isPlaceholderData || undefined}
        data-testid="portal-offers"
      >
        {body}
      </div>
      <TablePager
        page={list.state.page}
        count={list.state.count}
        total={offers.data?.count}
        onPage={(page) => list.update({ page })}
        onCount={(count) => list.update({ count })}
      />
    </Stack>
  );
}

function Skeletons({ view }: { view: View }) {
  const items = Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={view === 'cards' ? 320 : 80} radius="md" />);
  return view === 'cards' ? (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>{items}</SimpleGrid>
  ) : (
    <Stack gap="xs">{items}</Stack>
  );
}
