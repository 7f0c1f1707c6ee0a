import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import type { PaymentMethod } from '@pxl/contract/affiliates/affiliates.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { PAYMENT_METHODS_KEY } from './get-payment-methods.ts';

/** The password (and the 2FA code when it is on) confirm that the account's owner makes the change. */
export type PaymentMethodsChange = { methods: PaymentMethod[]; password: string; totpCode?: string };

export const putPaymentMethods = ({ methods, password, totpCode }: PaymentMethodsChange) =>
  apiRequest(accountApi.putPaymentMethods, {
    body: { payment_methods: methods, password, ...(totpCode && { totp_code: totpCode }) },
  });

export const usePutPaymentMethods = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putPaymentMethods,
    onSuccess: (data) => {
      client.setQueryData(PAYMENT_METHODS_KEY, data);
      notifySuccess('Payment details saved');
    },
  });
};
