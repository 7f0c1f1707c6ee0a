import { sha256HexFallback } from './sha256.ts';

/** Request signing (docs/product/api-and-errors.md): x-signature = SHA-256 hex of timestamp + token + body (body '' for GET). */
export const signaturePayload = (timestamp: string, token: string, body: string): string => timestamp + token + body;

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Web Crypto only exists in secure contexts (https or localhost); a deployment served over plain
 * http on another host would lose signing entirely, so a small pure implementation stands in.
 */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return sha256HexFallback(text);
}

export async function signRequest(timestamp: string, token: string, body: string): Promise<string> {
  return sha256Hex(signaturePayload(timestamp, token, body));
}
