import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { AUTH_HEADER } from '@pxl/contract/http/headers';
import { BASE_URL } from './env.ts';

/**
 * The advertiser's inbound postback, sent with a token issued for it: the server keeps only a token's hash, so a test
 * learns one by rotating it (docs/decisions/016-token-totp-audit.md). Another worker may rotate the same advertiser's
 * token between our rotation and our postback; that answers "Invalid token", and we rotate again (a few times at most).
 */
export async function sendAdvertiserPostback(
  request: APIRequestContext,
  staffToken: string,
  advertiserUuid: string,
  params: Record<string, string>,
): Promise<{ response: APIResponse; token: string }> {
  for (let attempt = 1; ; attempt++) {
    const rotated = await request.post(`${BASE_URL}/api/advertisers/v1/${advertiserUuid}/postback-token`, {
      headers: { [AUTH_HEADER]: staffToken },
    });
    expect(rotated.status(), 'rotate the advertiser token').toBe(200);
    const token = (await rotated.json()).data.postback_token as string;
    const response = await request.get(`${BASE_URL}/postback`, { params: { ...params, token } });
    const stolen = response.status() === 403 && (await response.json()).error?.token !== undefined;
    if (!stolen || attempt === 5) return { response, token };
  }
}
