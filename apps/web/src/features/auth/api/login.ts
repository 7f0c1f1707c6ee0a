import { useMutation } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import type { LoginBody } from '@pxl/contract/auth/auth.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { authStore } from '@/lib/session/auth-store.ts';
import { applyLogin } from '@/lib/session/session-actions.ts';

export const login = (body: LoginBody) => apiRequest(authApi.login, { body });

/** Login (docs/product/screens-and-lists.md): pending → loading; success → session stored, notifications cleared; failure → loading cleared. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onMutate: () => authStore.getState().dispatch({ type: 'login/pending' }),
    onSuccess: (session) => applyLogin(session),
    onError: (error) => authStore.getState().dispatch({ type: 'login/failure', error: error.message }),
  });
