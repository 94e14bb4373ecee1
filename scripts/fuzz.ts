import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Runs the fuzz suite with more cases than CI does, or with another seed:
 *
 *   npm run fuzz -- --runs 100000 --seed 42
 *
 * The suite is test/hardening/fuzz.test.ts; this only sets FUZZ_RUNS and FUZZ_SEED for it.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
  },
});
const root = path.resolve(__dirname, '..', '..');
console.log(`fuzzing with ${values.runs} runs, seed ${values.seed}`);
const result = spawnSync(
  process.execPath,
  [require.resolve('jest/bin/jest', { paths: [root] }), 'test/hardening/fuzz.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: values.runs, FUZZ_SEED: values.seed },
  },
);
process.exitCode = result.status ?? 1;
