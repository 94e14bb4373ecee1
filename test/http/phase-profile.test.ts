import path from 'node:path';
import { attribute } from '../../bench/phase-attribution';
import { type CodePhase } from '../../bench/phase-rules';
import { runPhaseWindows } from '../../bench/phase-run';

const ROOT = path.resolve(__dirname, '../..');

describe('npm run bench:phases against the example server', () => {
  it('profiles only its window, and finds the call in the phases of the HTTP path', async () => {
    const windows = await runPhaseWindows({
      root: ROOT,
      node: process.execPath,
      connections: 4,
      warmupSeconds: 1,
      durationSeconds: 1,
      calls: 5000,
      intervalUs: 100,
    });
    expect(windows.plain.requests).toBe(5000);
    expect(windows.profiled.requests).toBe(5000);
    expect(windows.plain.serverCpuUs).toBeGreaterThan(0);
    const { samples, innermost, busy } = attribute(windows.profile);
    // Every call runs code of these phases; a rule that no longer names its code leaves one empty.
    const ran: CodePhase[] = ['parse', 'headers', 'bind', 'invoke', 'write', 'log'];
    expect(ran.filter((phase) => samples[phase] === 0)).toEqual([]);
    // The profile starts after start-up: no module is compiled inside the window.
    const loading = [...innermost.other.keys()].filter((name) => /compile|wrapSafe/i.test(name));
    expect(loading).toEqual([]);
    expect(busy).toBeGreaterThan(0);
  }, 120_000);
});
