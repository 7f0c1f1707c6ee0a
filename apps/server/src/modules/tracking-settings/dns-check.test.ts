import { describe, expect, it } from 'vitest';
import { checkDomainDns, serverAddresses } from './dns-check.ts';

describe('serverAddresses', () => {
  it("takes PUBLIC_URL's literal address and leaves loopback out", async () => {
    const v4 = await serverAddresses('https://203.0.113.9:8443/panel');
    expect(v4[0]).toBe('203.0.113.9');
    expect(v4).not.toContain('127.0.0.1');
    expect(v4).not.toContain('::1');
    expect((await serverAddresses('http://[2001:db8::9]/'))[0]).toBe('2001:db8::9');
  });

  it('still answers when the PUBLIC_URL host does not resolve', async () => {
    const own = await serverAddresses(undefined);
    expect(await serverAddresses('https://panel.example.invalid')).toEqual(own);
  });
});

describe('checkDomainDns', () => {
  it('fails a name under .invalid quickly, saying why', async () => {
    const started = Date.now();
    const verdict = await checkDomainDns('trk.example.invalid', undefined);
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toMatch(/\((ENOTFOUND|ETIMEOUT|ECONNREFUSED)\)$/);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
