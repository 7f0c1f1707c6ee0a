/** Header names of docs/product/api-and-errors.md. Node lower-cases incoming header names. */
export const AUTH_HEADER = 'PXL-AUTHORIZATION';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const SIGNATURE_HEADER = 'x-signature';
/** A signed request older or newer than this is refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
