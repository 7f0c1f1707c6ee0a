import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from './config.ts';

const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');

/** The names of `NAME=` lines, commented out or not. */
const namesIn = (text: string) =>
  text
    .split('\n')
    .map((line) => /^#?\s*([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1])
    .filter((n): n is string => !!n);

describe('config', () => {
  it('.env.example lists every variable of the config schema, and nothing else', () => {
    expect(namesIn(example).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('SEED_DEMO (set by npm run demo) is read as a flag, off when unset', () => {
    expect(loadConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({}).SEED_DEMO).toBe(false);
  });
});
