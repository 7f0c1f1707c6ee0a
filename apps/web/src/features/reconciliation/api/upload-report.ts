import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '@pxl/contract/access/endpoint';
import { reconciliationApi, type ReconMapping } from '@pxl/contract/reconciliation/index';
import { DATA_LOADING_ERROR } from '@pxl/contract/http/messages';
import { ApiError } from '@/lib/http/api-error.ts';
import { envelopeData, rawRequest } from '@/lib/http/raw-request.ts';
import { notifyError } from '@/lib/notifications/notification-store.ts';

/** What the preview sends: the file and advertiser, and the mapping when the user set one (else saved or guessed). */
export type PreviewForm = { advertiser_uuid: string; file: File; mapping: ReconMapping | null };
/** What the upload sends besides: the period, days of the network time zone. */
export type UploadForm = PreviewForm & { period_from: string; period_to: string };

const formData = (fields: PreviewForm & Partial<UploadForm>): FormData => {
  const form = new FormData();
  form.set('advertiser_uuid', fields.advertiser_uuid);
  if (fields.period_from !== undefined) form.set('period_from', fields.period_from);
  if (fields.period_to !== undefined) form.set('period_to', fields.period_to);
  if (fields.mapping) form.set('mapping', JSON.stringify(fields.mapping));
  // The file last: the server reads the text fields as they come, and they are small.
  form.set('file', fields.file, fields.file.name);
  return form;
};

/** A multipart call through rawRequest (same token, signing and error envelope), its answer checked as apiRequest does. */
async function sendForm<E extends Endpoint>(endpoint: E, form: FormData): Promise<ResponseOf<E>> {
  const data = await envelopeData<unknown>(await rawRequest(endpoint.path, { method: 'POST', form }));
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response shape from ${endpoint.path}`, parsed.error.issues);
    notifyError(DATA_LOADING_ERROR);
    throw new ApiError(DATA_LOADING_ERROR, 'shape', 200);
  }
  return parsed.data as ResponseOf<E>;
}

/** Reads the report and shows its first rows with the mapping applied; nothing is stored. */
export const previewReport = (fields: PreviewForm) => sendForm(reconciliationApi.previewImport, formData(fields));
/** Stores the report as an import, every row checked; the answer names the new import. */
export const uploadReport = (fields: UploadForm) => sendForm(reconciliationApi.createImport, formData(fields));

export const usePreviewReport = () => useMutation({ mutationFn: previewReport });

export function useUploadReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadReport,
    onSuccess: () => client.invalidateQueries({ queryKey: ['reconciliation'] }),
  });
}
