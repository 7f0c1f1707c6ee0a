import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ticketsApi } from '@pxl/contract/tickets/index';
import type {
  Ticket,
  TicketAttachment,
  ticketCreateSchema,
  ticketReplySchema,
} from '@pxl/contract/tickets/tickets.schemas';
import { apiRequest, buildUrl } from '@/lib/http/api-client.ts';
import { envelopeData, rawRequest } from '@/lib/http/raw-request.ts';

export type TicketListQuery = Record<string, string | number>;

export const listTickets = (query: TicketListQuery, signal?: AbortSignal) =>
  apiRequest(ticketsApi.list, { query, signal });

export const useTicketList = (query: TicketListQuery) =>
  useQuery({
    queryKey: ['tickets', 'list', query],
    queryFn: ({ signal }) => listTickets(query, signal),
    placeholderData: keepPreviousData,
  });

/** The header's count; a minute is fresh enough, and every ticket change refreshes it. */
export const useUnreadTickets = (enabled: boolean) =>
  useQuery({
    queryKey: ['tickets', 'unread'],
    queryFn: ({ signal }) => apiRequest(ticketsApi.unread, { signal, silent: true }),
    enabled,
    refetchInterval: 60_000,
    select: (d) => d.unread,
  });

/** Opening a ticket marks it read, so the lists and the header count are refreshed once it is loaded. */
export const useTicket = (uuid: string | undefined) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['tickets', 'one', uuid ?? ''],
    queryFn: async ({ signal }) => {
      const t = await apiRequest(ticketsApi.get, { params: { uuid: uuid ?? '' }, signal });
      void client.invalidateQueries({ queryKey: ['tickets', 'unread'] });
      void client.invalidateQueries({ queryKey: ['tickets', 'list'] });
      return t;
    },
    enabled: Boolean(uuid),
  });
};

const useTicketMutation = <B>(run: (body: B) => Promise<Ticket>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (t) => {
      client.setQueryData(['tickets', 'one', t.uuid], t);
      return client.invalidateQueries({ queryKey: ['tickets'], predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
};

export const useCreateTicket = () =>
  useTicketMutation((body: z.output<typeof ticketCreateSchema>) => apiRequest(ticketsApi.create, { body }));

export const useReplyTicket = (uuid: string) =>
  useTicketMutation((body: z.output<typeof ticketReplySchema>) =>
    apiRequest(ticketsApi.reply, { params: { uuid }, body }),
  );

export const useSetTicketClosed = (uuid: string) =>
  useTicketMutation((closed: boolean) =>
    apiRequest(closed ? ticketsApi.close : ticketsApi.reopen, { params: { uuid } }),
  );

export const useDecideAccess = (uuid: string) =>
  useTicketMutation((body: { decision: 'approve' } | { decision: 'decline'; reason: string }) =>
    apiRequest(ticketsApi.decideAccess, { params: { uuid }, body }),
  );

/** Sends the file's bytes; the server decides what it is from them. */
export const uploadAttachment = async (file: File) =>
  envelopeData<TicketAttachment>(
    await rawRequest(buildUrl(ticketsApi.upload.path, undefined, { name: file.name }), { method: 'POST', file }),
  );

/** Attachments need the session header, so they are fetched and handed to the browser as a blob. */
export const fetchAttachment = async (uuid: string) =>
  (await rawRequest(buildUrl(ticketsApi.download.path, { uuid }), { method: 'GET' })).blob();
