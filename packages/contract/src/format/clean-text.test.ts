import { describe, expect, it } from 'vitest';
import { cleanText } from './text.ts';

describe('cleanText', () => {
  it('removes NUL bytes wherever they are', () => {
    expect(cleanText('nul\u0000x', 200)).toBe('nulx');
    expect(cleanText('\u0000\u0000a\u0000', 200)).toBe('a');
    expect(cleanText('\u0000', 200)).toBe('');
  });

  it('turns lone surrogates into U+FFFD and keeps pairs', () => {
    expect(cleanText('a\uD800b', 200)).toBe('a\uFFFDb');
    expect(cleanText('a\uDC00', 200)).toBe('a\uFFFD');
    expect(cleanText('\uDC00\uD800', 200)).toBe('\uFFFD\uFFFD');
    expect(cleanText('emoji 😀 ok', 200)).toBe('emoji 😀 ok');
  });

  it('cuts to the bound without splitting a character', () => {
    expect(cleanText('abcdef', 3)).toBe('abc');
    expect(cleanText('ab😀', 3)).toBe('ab');
    expect(cleanText('ab😀', 4)).toBe('ab😀');
    expect(cleanText('x'.repeat(100_000), 200)).toHaveLength(200);
    // The bound applies to what is left after cleaning.
    expect(cleanText('\u0000'.repeat(10) + 'abc', 3)).toBe('abc');
  });

  it('gives clean text back as it is and empty values as an empty string', () => {
    const text = 'sub-1_ÄÖ кирилиця';
    expect(cleanText(text, 200)).toBe(text);
    expect(cleanText(null, 5)).toBe('');
    expect(cleanText(undefined, 5)).toBe('');
    expect(cleanText('', 5)).toBe('');
  });

  it('leaves nothing PostgreSQL refuses in any string', () => {
    const codes = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 0x10000);
    const out = cleanText(String.fromCharCode(...codes), 10_000);
    expect(out.includes('\0')).toBe(false);
    // Survives UTF-8 unchanged: no lone surrogate was left to be replaced on the way to the database.
    expect(new TextDecoder().decode(new TextEncoder().encode(out))).toBe(out);
  });
});
