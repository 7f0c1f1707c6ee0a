import { useCallback } from 'react';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { refreshConstants } from '@/features/constants/api/get-constants.ts';
import { useDomains } from '@/features/tracking-settings/api/get-domains.ts';
import { AddDomainForm } from '@/features/tracking-settings/components/add-domain-form.tsx';
import { DomainsTable } from '@/features/tracking-settings/components/domains-table.tsx';
import { useViewport } from '@/lib/viewport-store.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Settings › Domains (docs/product/settings.md): the domains feed `track_domains` and the offer link builders. */
export function DomainsSettingsScreen() {
  const client = useQueryClient();
  const { networkTimeZone } = useDisplayTimeZone();
  const compact = useViewport() === 'mobile';
  const domains = useDomains();
  // The constants sit in IndexedDB for 24 h: refresh them so this browser's link builders see the change now.
  const onChanged = useCallback(() => {
    refreshConstants(client).catch(() => undefined);
  }, [client]);
  return (
    <PageFrame>
      <Text size="sm" c="dimmed" maw={820}>
        A tracking domain is a host name that affiliates' tracking links can use instead of this panel's address; its
        DNS (A or AAAA record) must point at this server.
      </Text>
      <AddDomainForm onChanged={onChanged} first={domains.isSuccess && domains.data.list.length === 0} />
      <DomainsTable timeZone={networkTimeZone} compact={compact} onChanged={onChanged} />
    </PageFrame>
  );
}
