import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256HexFallback } from './sha256.ts';
import { signaturePayload, signRequest } from './sign-request.ts';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('request signing', () => {
  it('signs timestamp + token + body with SHA-256 hex (Web Crypto)', async () => {
    const body = JSON.stringify({ email: 'a@x.test', password: 'pässwörd' });
    expect(await signRequest('1700000000000', 'tok', body)).toBe(nodeSha(`1700000000000tok${body}`));
  });

  it('uses an empty body for GET', async () => {
    expect(signaturePayload('1', 't', '')).toBe('1t');
    expect(await signRequest('1', 't', '')).toBe(nodeSha('1t'));
  });

  it('the fallback for insecure contexts gives the same digests', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'ünïcødé ✓ '.repeat(40)]) {
      expect(sha256HexFallback(text)).toBe(nodeSha(text));
    }
  });
});
