import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The browser engines the core journeys run in besides Chromium (apps/portal-e2e/src/engines), with what each
 * needs on the machine: Debian's packages, installed by `.ci/run`. WebKit (Safari's engine, every browser on an
 * iPhone) is WebKitGTK's MiniBrowser driven by its WebDriver under a virtual X display; Firefox is Debian's ESR
 * driven over WebDriver BiDi by puppeteer-core, which needs no downloaded browser.
 *
 * Widths: the phone layout and the desktop one. MiniBrowser's window cannot be narrower than 447 px, still the
 * phone layout (below the portal's 1024 px breakpoint); Firefox takes the 375 px of the Chromium journeys.
 */
export const ENGINES = {
  webkit: {
    title: 'WebKit',
    widths: [447, 1280],
    parts: [
      { what: 'WebKitWebDriver', path: 'WebKitWebDriver', onPath: true, pkg: 'webkit2gtk-driver' },
      {
        what: 'MiniBrowser',
        path: process.env['MINIBROWSER_PATH'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
        pkg: 'webkit2gtk-driver',
      },
      { what: 'xvfb-run', path: 'xvfb-run', onPath: true, pkg: 'xvfb' },
    ],
  },
  firefox: {
    title: 'Firefox',
    widths: [375, 1280],
    parts: [
      {
        what: 'firefox-esr',
        path: process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr',
        pkg: 'firefox-esr',
      },
    ],
  },
};

export const ENGINE_NAMES = /** @type {Array<keyof typeof ENGINES>} */ (Object.keys(ENGINES));

function found(part) {
  if (!part.onPath) return existsSync(part.path);
  return (process.env['PATH'] ?? '').split(delimiter).some((dir) => existsSync(join(dir, part.path)));
}

/** What of an engine is missing here, each named with the Debian package that brings it; empty when it can run. */
export function missingParts(engine) {
  return ENGINES[engine].parts
    .filter((part) => !found(part))
    .map((part) => `${part.what} (apt-get install ${part.pkg})`);
}
