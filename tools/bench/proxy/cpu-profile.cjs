/**
 * Preloaded into the api by the proxy benchmark (`node -r …/cpu-profile.cjs`): the first SIGWINCH (ignored by default and left alone by Nest's shutdown hooks, unlike SIGUSR2) starts V8's
 * sampling profiler, the second stops it and writes the profile to BENCH_CPU_PROFILE (Chrome's
 * .cpuprofile format), so only the measured window is profiled and the api need not exit to write it.
 */
'use strict';
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_CPU_PROFILE;
if (file) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }));
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.start');
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      writeFileSync(file, JSON.stringify(error ? { error: String(error) } : result.profile));
    });
  });
}
