import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_HASH_COST } from '../config/config.ts';

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const scrypt = (password: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, len, opts, (e, key) => (e ? reject(e) : resolve(key))),
  );

const R = 8,
  P = 1,
  LEN = 64;
/** log2 N of new hashes: the production cost until the app sets the configured one (only tests go lower). */
let cost = PASSWORD_HASH_COST;
export const setPasswordHashCost = (logN: number) => {
  cost = logN;
};

// scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told.
const optionsOf = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r * p });

/** scrypt with a per-password salt; the parameters travel in the hash, so old hashes verify after a raise. */
export const hashPassword = async (password: string) => {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LEN, optionsOf(N, R, P));
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string) => {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, optionsOf(+n, +r, +p));
  return timingSafeEqual(key, expected);
};

/** Whether a hash was made with other parameters than new ones get (rehashed at the next sign-in). */
export const needsRehash = (stored: string) => {
  const [alg, n, r, p, , hash] = stored.split('$');
  return (
    alg !== 'scrypt' || +n !== 2 ** cost || +r !== R || +p !== P || Buffer.from(hash ?? '', 'base64').length !== LEN
  );
};

/** A hash to compare against when the email is unknown, at today's cost, so timing does not reveal which emails exist. */
export const dummyHash = () =>
  `scrypt$${2 ** cost}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(LEN).toString('base64')}`;
