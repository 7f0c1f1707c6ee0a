import { describe, expect, it } from 'vitest';
import { isCrossDomainBlocked, isLocalHost } from './host-rules.ts';

const page = (href: string) => {
  const url = new URL(href);
  return { host: url.host, hostname: url.hostname, origin: url.origin };
};

describe('local hosts', () => {
  it.each(['localhost', '127.0.0.1', '::1', '[::1]', 'app.localhost'])('%s is local', (h) =>
    expect(isLocalHost(h)).toBe(true),
  );
  it.each(['panel.example.com', '10.0.0.5', 'localhost.example.com'])('%s is not', (h) =>
    expect(isLocalHost(h)).toBe(false),
  );
});

describe('cross-domain rule', () => {
  it('allows same-origin and relative URLs', () => {
    expect(isCrossDomainBlocked('/api/auth/v1/me', page('https://panel.example.com/dashboard'))).toBe(false);
    expect(isCrossDomainBlocked('https://panel.example.com/api/x', page('https://panel.example.com/'))).toBe(false);
  });

  it('blocks another host', () => {
    expect(isCrossDomainBlocked('https://evil.example.net/api/x', page('https://panel.example.com/'))).toBe(true);
    expect(isCrossDomainBlocked('//evil.example.net/api', page('https://panel.example.com/'))).toBe(true);
  });

  it('does not apply on a local host', () => {
    expect(isCrossDomainBlocked('https://evil.example.net/api/x', page('http://localhost:5173/'))).toBe(false);
  });
});
