import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import type { z } from 'zod';
import type { logoInfoSchema } from '@pxl/contract/settings/settings.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { envelopeData, rawRequest } from '@/lib/http/raw-request.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

/** The version in the address makes a new logo show at once; the server's ETag keeps an unchanged one cheap. */
export const logoUrl = (version: string) => `${settingsApi.getLogo.path}?v=${encodeURIComponent(version)}`;

/** Sends the file's bytes; the server decides what it is from them and says why it refuses one. */
const uploadLogo = async (file: File) =>
  envelopeData<z.output<typeof logoInfoSchema>>(
    await rawRequest(settingsApi.uploadLogo.path, { method: 'POST', file }),
  );

const useLogoMutation = <T>(run: (arg: T) => Promise<unknown>, done: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['settings', 'public'] });
      notifySuccess(done);
    },
  });
};

export const useUploadLogo = () => useLogoMutation(uploadLogo, 'Logo uploaded');
export const useRemoveLogo = () => useLogoMutation(() => apiRequest(settingsApi.removeLogo), 'Logo removed');
