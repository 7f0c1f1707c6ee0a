import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

/** Puts back the state before the action; the server refuses (409) one already undone or changed since. */
export const undoAction = (uuid: string) => apiRequest(automationApi.undoAction, { params: { uuid } });

/** The log is read again either way: a refusal means its row is out of date. */
export function useUndoAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: undoAction,
    onSuccess: (undo) => notifySuccess(`Undone: ${undo.summary}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['automation'] }),
  });
}
