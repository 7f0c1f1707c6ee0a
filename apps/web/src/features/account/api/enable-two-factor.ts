import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Confirms set-up with a 6-digit code; the answer holds the recovery codes, shown this once. */
export const enableTwoFactor = (code: string) => apiRequest(accountApi.enableTwoFactor, { body: { code } });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
