import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Decode = (input: string) => {
  const bytes: number[] = [];
  let bits = 0,
    value = 0;
  for (const ch of input.replace(/=+$/, '').toUpperCase()) {
    const idx = BASE32.indexOf(ch);
    if (idx < 0) continue;
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** RFC 4648 base32 without padding: authenticator apps expect the secret in this form. */
export const base32Encode = (bytes: Uint8Array) => {
  let out = '',
    bits = 0,
    value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/** 20 random bytes (160 bits), the HMAC-SHA-1 key size RFC 4226 recommends. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 6238 code (SHA-1, 30 s, 6 digits) for the given step. */
export const totpCode = (secretBase32: string, step: number) => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const h = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = h[h.length - 1] & 0xf;
  const bin = (h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return bin.toString().padStart(6, '0');
};

/** The time step the code belongs to — the current one or one either side, for clock drift — or null. */
export const matchTotpStep = (secretBase32: string, code: string, now = Date.now()): number | null => {
  const step = Math.floor(now / 30_000);
  const given = Buffer.from(code.padEnd(6).slice(0, 6));
  for (const d of [-1, 0, 1])
    if (timingSafeEqual(Buffer.from(totpCode(secretBase32, step + d)), given)) return step + d;
  return null;
};

export const verifyTotp = (secretBase32: string, code: string, now = Date.now()) =>
  matchTotpStep(secretBase32, code, now) !== null;
