import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailApi } from '@pxl/contract/mail/index';
import type { SmtpSettingsBody } from '@pxl/contract/mail/mail.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

export const SMTP_KEY = ['settings', 'smtp'] as const;

export const useSmtpSettings = () =>
  useQuery(queryOptions({ queryKey: SMTP_KEY, queryFn: () => apiRequest(mailApi.getSmtp) }));

/** Saving may release mails that waited for SMTP: the log is read again. */
export const useUpdateSmtpSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmtpSettingsBody) => apiRequest(mailApi.putSmtp, { body }),
    onSuccess: (data) => {
      client.setQueryData(SMTP_KEY, data);
      void client.invalidateQueries({ queryKey: ['mail', 'log'] });
      notifySuccess('SMTP settings saved');
    },
  });
};

export const useSendTestMail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => apiRequest(mailApi.testSmtp, { body: { to } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['mail', 'log'] }),
  });
};
