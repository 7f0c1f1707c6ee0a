import { Alert, Button, Group, Text } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useConversionDetail } from '@/features/statistic/detail/api/get-conversion-detail.ts';
import { ConversionDetail } from '@/features/statistic/detail/conversion-detail.tsx';
import { conversionDetailPath } from '@/features/statistic/logs/log-query.ts';
import { isApiError } from '@/lib/http/api-error.ts';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/**
 * /statistic/direct-link/conversion/detail/{uuid} and /statistic/api/conversion/detail/{uuid}: one screen (staff).
 * Opened under the wrong kind's tab, it moves to the right one.
 */
export function ConversionDetailScreen() {
  const { uuid = '' } = useParams();
  const { pathname } = useLocation();
  const detail = useConversionDetail(uuid);
  const timeZone = useNetworkTimeZone();
  if (detail.isPending)
    return (
      <PageFrame>
        <PageLoader />
      </PageFrame>
    );
  if (detail.isError || !detail.data) {
    const missing = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <PageFrame>
        <Alert color="red" title={missing ? 'Not found' : 'Not available'}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {missing
                ? 'This conversion does not exist or is not open to you.'
                : 'This conversion could not be loaded.'}
            </Text>
            {!missing && (
              <Button
                size="compact-sm"
                variant="default"
                loading={detail.isFetching}
                onClick={() => void detail.refetch()}
              >
                Retry
              </Button>
            )}
          </Group>
        </Alert>
      </PageFrame>
    );
  }
  const path = conversionDetailPath(detail.data.conversion.offer_type, uuid);
  if (path !== pathname) return <Navigate to={path} replace />;
  return (
    <PageFrame>
      <ConversionDetail detail={detail.data} timeZone={timeZone} />
    </PageFrame>
  );
}
