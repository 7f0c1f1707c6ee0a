import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Secrets = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

/** AES-256-GCM; the sealed form is `v1.iv.tag.ciphertext` in base64url so the key can be rotated later. */
export const createSecrets = (keyMaterial: string): Secrets => {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt: (sealed) => {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};

/** SECRET_KEY from the environment, else a key kept beside the data (fine for one host; set SECRET_KEY for several). */
export const loadSecretKey = (configured: string | undefined, dataDir: string) => {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
};
