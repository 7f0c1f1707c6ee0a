import { useMutation } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import type { PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Sends one test postback now; the answer is the attempt (URL sent, code, response excerpt, duration or error). */
export const sendTestPostback = (url: string, event: PostbackEvent) =>
  apiRequest(postbacksApi.sendTest, { body: { url, event } });

export const useSendTestPostback = () =>
  useMutation({ mutationFn: ({ url, event }: { url: string; event: PostbackEvent }) => sendTestPostback(url, event) });
