import { existsSync } from 'node:fs';

/**
 * Debian's Chromium for everything that drives a browser here (the journeys, the kit's stories, the benches):
 * Playwright's own browser download does not work on our machines. `CHROMIUM_PATH` overrides the lookup.
 */

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Flags for a quiet, headless Chromium on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium() {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found. Install Debian's package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to " +
        'a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Playwright's launch options for that Chromium (`chromium.launch`, or `use.launchOptions` of a config). */
export function chromiumLaunchOptions() {
  return { executablePath: findChromium(), args: CHROMIUM_ARGS };
}
