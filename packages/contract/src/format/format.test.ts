import { describe, it, expect } from 'vitest';
import { cutText, flagCode } from './text.ts';
import { messengerHref } from './messenger.ts';
import { viewportClass, DEFAULT_VIEWPORT } from './viewport.ts';
import { formatMoney } from './money.ts';

describe('cutText', () => {
  it('cuts after 10 characters by default and adds "..."', () => {
    expect(cutText('abcdefghijKLM')).toBe('abcdefghij...');
    expect(cutText('abcdefghij')).toBe('abcdefghij');
    expect(cutText('short')).toBe('short');
  });

  it('takes a length and handles empty values', () => {
    expect(cutText('abcdef', 3)).toBe('abc...');
    expect(cutText(null)).toBe('');
    expect(cutText(undefined)).toBe('');
    expect(cutText('')).toBe('');
  });

  it('does not split a character in two', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('flagCode', () => {
  it('gives the lower-case code', () => {
    expect(flagCode('UA')).toBe('ua');
    expect(flagCode('eu')).toBe('eu');
  });

  it('gives null for ALL and empty values', () => {
    expect(flagCode('ALL')).toBeNull();
    expect(flagCode('all')).toBeNull();
    expect(flagCode('')).toBeNull();
    expect(flagCode(null)).toBeNull();
  });
});

describe('messengerHref', () => {
  it('builds skype links', () => {
    expect(messengerHref('skype', 'live:john')).toBe('skype:live:john?chat');
  });

  it('builds telegram links', () => {
    expect(messengerHref('telegram', '@john')).toBe('https://t.me/john');
    expect(messengerHref('telegram', 'john')).toBe('https://t.me/john');
    expect(messengerHref('telegram', 't.me/john')).toBe('https://t.me/john');
    expect(messengerHref('telegram', 'https://t.me/john')).toBe('https://t.me/john');
  });

  it('builds email links', () => {
    expect(messengerHref('email', 'a@b.com')).toBe('mailto:a@b.com');
    expect(messengerHref('email', 'mailto:a@b.com')).toBe('mailto:a@b.com');
  });

  it('builds linkedin links', () => {
    expect(messengerHref('linkedin', 'john-doe')).toBe('https://www.linkedin.com/in/john-doe');
    expect(messengerHref('linkedin', 'https://linkedin.com/in/x')).toBe('https://linkedin.com/in/x');
    expect(messengerHref('linkedin', 'www.linkedin.com/in/x')).toBe('https://www.linkedin.com/in/x');
  });

  it('gives null for empty values and unknown kinds', () => {
    expect(messengerHref('skype', '  ')).toBeNull();
    expect(messengerHref('whatsapp', '123')).toBeNull();
  });
});

describe('viewportClass', () => {
  it('follows the 768 / 1024 / 1440 / 1920 breakpoints', () => {
    expect(viewportClass(320)).toBe('mobile');
    expect(viewportClass(767)).toBe('mobile');
    expect(viewportClass(768)).toBe('tablet');
    expect(viewportClass(1023)).toBe('tablet');
    expect(viewportClass(1024)).toBe('laptop');
    expect(viewportClass(1439)).toBe('laptop');
    expect(viewportClass(1440)).toBe('laptopL');
    expect(viewportClass(1919)).toBe('laptopL');
    expect(viewportClass(1920)).toBe('desktop');
    expect(viewportClass(2560)).toBe('desktop');
  });

  it('defaults to 1920 / desktop', () => {
    expect(DEFAULT_VIEWPORT).toEqual({ width: 1920, class: 'desktop' });
  });
});

describe('formatMoney', () => {
  it('formats integer minor units with 2 decimals', () => {
    expect(formatMoney(1234, 'EUR')).toBe('€12.34');
    expect(formatMoney(100, 'USD')).toBe('$1.00');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'UAH')).toBe('₴0.05');
    expect(formatMoney(-250, 'EUR')).toBe('-€2.50');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
  });

  it('gives "" for a non-finite amount', () => {
    expect(formatMoney(Number.NaN, 'EUR')).toBe('');
  });
});
