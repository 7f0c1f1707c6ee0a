import { useMutation } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Whether an email is free; the API client never turns its errors into notifications (docs/product/api-and-errors.md). */
export const checkUserData = (email: string) => apiRequest(authApi.checkUserData, { body: { email } });

export const useCheckUserData = () => useMutation({ mutationFn: checkUserData });
