/** Signing and the cross-domain block are skipped on a local host (docs/product/api-and-errors.md, docs/product/screens-and-lists.md). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
}

export { CROSS_DOMAIN_BLOCKED as CROSS_DOMAIN_MESSAGE } from '@pxl/contract/http/messages';

/**
 * Request host (docs/product/screens-and-lists.md): a request to a host other than the page's host is refused,
 * except when the page runs on a local host. `url` may be relative (then it is same-origin).
 */
export function isCrossDomainBlocked(url: string, page: { host: string; hostname: string; origin: string }): boolean {
  if (isLocalHost(page.hostname)) return false;
  const target = new URL(url, page.origin);
  return target.host !== page.host;
}
