import { useMutation } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const requestPasswordRecovery = (body: { email: string }) => apiRequest(authApi.passwordRecovery, { body });

export const useRequestPasswordRecovery = () => useMutation({ mutationFn: requestPasswordRecovery });
