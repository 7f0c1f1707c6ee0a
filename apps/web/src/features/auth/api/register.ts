import { useMutation } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import type { RegistrationBody } from '@pxl/contract/auth/auth.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const register = (body: RegistrationBody) => apiRequest(authApi.registration, { body });

export const useRegister = () => useMutation({ mutationFn: register });
