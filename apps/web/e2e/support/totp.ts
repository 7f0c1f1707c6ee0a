import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (spaces and padding ignored, case-insensitive) to bytes. */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not a base32 character: ${ch}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits), written here independently of the server's code. */
export function totp(secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + stepOffset));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Milliseconds left in the current 30 s step. */
export const msLeftInStep = (at = Date.now()) => 30_000 - (at % 30_000);

/** A 6-digit code the server must refuse: none of the codes of the steps around now (it allows ±1). */
export function wrongTotp(secret: string, at = Date.now()): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, at, d)));
  for (let n = 123_456; ; n = (n + 111_111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
