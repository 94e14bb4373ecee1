import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/**
 * Preloaded into the server by `npm run bench:phases` (`--require`): V8's sampling profiler of
 * the server's main thread, started by the first SIGUSR2 and stopped by the second, which writes
 * the profile to `PORTICO_PHASES_PROFILE` (whole, by a rename). So the bench profiles only the
 * window it measures, and measures the server's CPU in a window without the profiler as well.
 */
const out = process.env.PORTICO_PHASES_PROFILE;
const interval = Number(process.env.PORTICO_PHASES_INTERVAL_US ?? 100);

if (out) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => {
    session.post('Profiler.setSamplingInterval', { interval });
  });
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.start');
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      const text = error
        ? JSON.stringify({ error: error.message })
        : JSON.stringify(result.profile);
      writeFileSync(`${out}.part`, text);
      renameSync(`${out}.part`, out);
    });
  });
}
