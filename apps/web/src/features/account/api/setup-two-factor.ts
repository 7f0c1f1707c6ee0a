import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** A new secret and its QR code; 2FA stays off until a code from the app confirms it. */
export const setupTwoFactor = () => apiRequest(accountApi.setupTwoFactor);

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
