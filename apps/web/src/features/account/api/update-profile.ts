import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountApi, type profileUpdateSchema } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { PROFILE_KEY } from './get-profile.ts';

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const updateProfile = (body: ProfileUpdate) => apiRequest(accountApi.updateProfile, { body });

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      client.setQueryData(PROFILE_KEY, data);
      notifySuccess('Profile saved');
    },
  });
};
