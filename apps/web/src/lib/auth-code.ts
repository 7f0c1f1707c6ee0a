// Second-factor codes: a 6-digit TOTP from the authenticator app, or a one-time recovery code "xxxxx-xxxxx".

export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/i;
export const AUTH_CODE_ERROR = 'Enter the 6-digit code or a recovery code (xxxxx-xxxxx)';

/** Spaces dropped (apps show "123 456"), recovery codes lower-cased; a recovery code typed without its dash gets it back. */
export function normalizeAuthCode(input: string): string {
  const text = input.replace(/\s+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(text) && !/^\d{10}$/.test(text) ? `${text.slice(0, 5)}-${text.slice(5)}` : text;
}

export const isAuthCode = (code: string): boolean => TOTP_CODE.test(code) || RECOVERY_CODE.test(code);

/** An SVG string from our own server as an <img> source: the browser renders it as an image, no script runs. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
