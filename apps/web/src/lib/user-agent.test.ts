import { describe, expect, it } from 'vitest';
import { isHeadless, shortUserAgent } from './user-agent.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE = `${CHROME_WIN} Edg/126.0.2592.87`;
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36';

describe('shortUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(shortUserAgent(CHROME_WIN)).toBe('Chrome 126 on Windows');
    expect(shortUserAgent(EDGE)).toBe('Edge 126 on Windows');
    expect(shortUserAgent(SAFARI_IOS)).toBe('Safari 17 on iOS');
    expect(shortUserAgent(FIREFOX_LINUX)).toBe('Firefox 128 on Linux');
    expect(shortUserAgent(CHROME_ANDROID)).toBe('Chrome 126 on Android');
    expect(shortUserAgent(SAFARI_MAC)).toBe('Safari 17 on macOS');
    expect(shortUserAgent(HEADLESS)).toBe('Chrome 138 on Linux');
  });

  it('handles tools, empty and unknown agents', () => {
    expect(shortUserAgent('curl/8.5.0')).toBe('curl 8');
    expect(shortUserAgent(null)).toBe('Unknown device');
    expect(shortUserAgent('  ')).toBe('Unknown device');
    expect(shortUserAgent('x'.repeat(60), 20)).toBe(`${'x'.repeat(19)}…`);
    expect(shortUserAgent('MyBot')).toBe('MyBot');
  });

  it('spots headless browsers', () => {
    expect(isHeadless(HEADLESS)).toBe(true);
    expect(isHeadless(CHROME_WIN)).toBe(false);
  });
});
