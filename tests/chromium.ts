import { existsSync } from 'node:fs';

/**
 * The browser the end-to-end suites drive: Debian's `chromium-headless-shell` when it is installed
 * (.ci/run installs it), else Debian's `chromium`; CHROMIUM_PATH overrides both. The headless shell
 * is the same engine (Blink, V8, the DevTools protocol the virtual authenticator and axe use) without
 * the full browser's UI process work: measured on one spec file (issue 53 #6), half the browser's
 * CPU (28.7 s against 59.0 s) and 16% less for the whole run with its stack.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
