export type PathParams = Record<string, string>;

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const segments = (path: string): string[] => trimSlash(path).split('/').filter(Boolean);

/** A `:name` (router style) or `{name}` (URL-template style) segment names a parameter. */
export const paramName = (segment: string): string | null => {
  if (segment.startsWith(':')) return segment.slice(1);
  const braces = /^\{(\w+)\}$/.exec(segment);
  return braces ? braces[1] : null;
};

/**
 * Matches a concrete pathname against a pattern. With `prefix` the pathname may continue
 * below the pattern (used for tab rows). Returns the parameters, or null when it does not match.
 */
export function matchPath(pattern: string, pathname: string, prefix = false): PathParams | null {
  const want = segments(pattern);
  const got = segments(pathname.split(/[?#]/)[0]);
  if (prefix ? got.length < want.length : got.length !== want.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < want.length; i++) {
    const name = paramName(want[i]);
    if (name) {
      params[name] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}
