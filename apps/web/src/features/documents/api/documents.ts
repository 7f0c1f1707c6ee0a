import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from '@pxl/contract/documents/index';
import type { Documents, PublicDocumentName } from '@pxl/contract/documents/documents.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const useDocuments = () =>
  useQuery({ queryKey: ['documents', 'texts'], queryFn: ({ signal }) => apiRequest(documentsApi.get, { signal }) });

export function useUpdateDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Documents) => apiRequest(documentsApi.put, { body }),
    onSuccess: (data) => {
      client.setQueryData(['documents', 'texts'], data);
      return client.invalidateQueries({ queryKey: ['documents', 'public'] });
    },
  });
}

export const usePublicDocument = (name: PublicDocumentName) =>
  useQuery({
    queryKey: ['documents', 'public', name],
    queryFn: ({ signal }) => apiRequest(documentsApi.getPublic, { params: { name }, signal }),
  });
