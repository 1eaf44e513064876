import { existsSync } from 'node:fs';

/** Flags that keep Chromium from reaching out on a closed network (it hangs otherwise). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}. The browser journeys need it; install Debian's Chromium with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell`, or set CHROMIUM_PATH to a ' +
        'Chromium/Chrome binary.',
    );
  }
  return candidate;
}

/** Debian's old headless shell (package chromium-headless-shell): Chromium's engine without the browser's UI. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the journeys drive: CHROMIUM_PATH when set; otherwise Debian's headless shell when it is installed (the
 * same Blink and V8 as the chromium package, without the browser's own UI: the journeys took 535 s instead of about
 * 810 s, decision 074); otherwise Chromium. The benches keep `chromiumPath()`: Lighthouse measures the full browser.
 */
export function journeyChromiumPath(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath();
}
