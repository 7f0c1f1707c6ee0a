import { useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The caller's referral code and link, who signed up with it, the terms and the earnings per currency. */
export const useReferralSummary = () =>
  useQuery({
    queryKey: ['referrals', 'summary'],
    queryFn: ({ signal }) => apiRequest(paymentsApi.referrals, { signal }),
  });
