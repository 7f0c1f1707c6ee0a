// A session's device in a few words ("Chrome 126 on Windows") instead of the whole user-agent string.

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari/],
  ['curl', /^curl\/(\d+)/],
  ['Node', /^node(?:-fetch)?\/?(\d*)/i],
];

const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** "Chrome 126 on Windows", "Safari 17 on iOS", "Unknown device" for null; unknown agents are cut to `max`. */
export function shortUserAgent(ua: string | null | undefined, max = 40): string {
  const text = (ua ?? '').trim();
  if (!text) return 'Unknown device';
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return system;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Headless and automated browsers say so; worth a hint in the sessions table. */
export const isHeadless = (ua: string | null | undefined): boolean =>
  /HeadlessChrome|PhantomJS|Playwright/i.test(ua ?? '');
