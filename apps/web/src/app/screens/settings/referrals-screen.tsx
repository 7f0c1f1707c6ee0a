import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useReferralSummary } from '@/features/referrals/api/get-referral-summary.ts';
import { ReferralEarnings } from '@/features/referrals/components/referral-earnings.tsx';
import { ReferralLink } from '@/features/referrals/components/referral-link.tsx';
import { ReferredList } from '@/features/referrals/components/referred-list.tsx';

/** /settings/referrals: the affiliate's referral link, who came by it and what it earned (docs/product/billing.md). */
export function ReferralsScreen() {
  const summary = useReferralSummary();
  const s = summary.data;
  return (
    <PageFrame>
      {summary.isPending && <FiveSquareLoader />}
      {s && (
        <Stack gap="md">
          <Paper withBorder radius="md" p="lg">
            <ReferralLink linkPath={s.link_path} percent={s.percent} months={s.months} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm">
                <Title order={4}>Earnings</Title>
                <ReferralEarnings earnings={s.earnings} />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm">
                <Title order={4}>Referred affiliates ({s.referred.length})</Title>
                <ReferredList referred={s.referred} />
              </Stack>
            </Paper>
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
