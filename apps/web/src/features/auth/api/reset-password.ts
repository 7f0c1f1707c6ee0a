import { useMutation } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const resetPassword = (body: { token: string; password: string }) => apiRequest(authApi.passwordReset, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
