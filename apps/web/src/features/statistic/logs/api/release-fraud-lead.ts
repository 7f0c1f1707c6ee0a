import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadsApi } from '@pxl/contract/leads/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const releaseFraudLead = (uuid: string) => apiRequest(leadsApi.releaseFraudLead, { params: { uuid } });

/** After a release the user sessions are read again, so the lead's new status and attempts show. */
export const useReleaseFraudLead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseFraudLead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['statistic', 'logs', 'sessions'] }),
  });
};
