/**
 * A signed-in device in plain words, from the User-Agent the server recorded ("Chrome" and "Linux", said by the
 * screen as "Chrome no Linux"). Only the common browsers and systems are told apart; anything else is unknown
 * rather than guessed. Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
 */

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent?.trim() ?? '';
  if (!text) return { browser: null, os: null };
  return { browser: first(BROWSERS, text), os: first(SYSTEMS, text) };
}
