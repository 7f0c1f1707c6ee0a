import { paramName, type PathParams } from './match-path.ts';

type Warn = (message: string) => void;

/**
 * Fills the parameters of a route pattern (`:uuid` or `{uuid}`). As docs/product/routes.md asks, if a URL cannot be
 * built because a parameter is missing, a warning is logged and "/" is used.
 */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string | number | null | undefined>> = {},
  warn: Warn = (message) => console.warn(message),
): string {
  const parts = pattern.split('/');
  const out: string[] = [];
  for (const part of parts) {
    const name = paramName(part);
    if (!name) {
      out.push(part);
      continue;
    }
    const value = params[name];
    if (value === undefined || value === null || String(value) === '') {
      warn(`Cannot build the URL "${pattern}": parameter "${name}" is missing; using "/".`);
      return '/';
    }
    out.push(encodeURIComponent(String(value)));
  }
  return out.join('/') || '/';
}

export type { PathParams };
