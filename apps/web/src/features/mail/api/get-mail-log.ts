import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailApi } from '@pxl/contract/mail/index';
import type { MailStatus, MailTemplate } from '@pxl/contract/mail/mail.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type MailLogQuery = {
  page: number;
  count: number;
  status?: MailStatus;
  template?: MailTemplate;
  search?: string;
};

export const getMailLog = (query: MailLogQuery, signal?: AbortSignal) => apiRequest(mailApi.log, { query, signal });

export const useMailLog = (query: MailLogQuery) =>
  useQuery(
    queryOptions({
      queryKey: ['mail', 'log', query],
      queryFn: ({ signal }) => getMailLog(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
