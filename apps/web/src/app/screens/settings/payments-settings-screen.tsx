import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { PaymentMethodsForm } from '@/features/account/components/payment-methods-form.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';

/** Affiliate /settings/payments. */
export function PaymentsSettingsScreen() {
  const constants = useConstants();
  const systems = useMemo(() => toOptions(constants.data?.payment_systems), [constants.data]);
  return <PageFrame>{constants.data && <PaymentMethodsForm systems={systems} />}</PageFrame>;
}
