import { useMutation } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Runs the saved rule over the stored data of the last `days` days: when it would have fired, doing what. */
export const backtestRule = (uuid: string, days: number) =>
  apiRequest(automationApi.backtestRule, { params: { uuid }, body: { days } });

export const useBacktestRule = (uuid: string) =>
  useMutation({ mutationFn: (days: number) => backtestRule(uuid, days) });
