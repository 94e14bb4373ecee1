import { freePort } from '../scripts/lib/nats-server';
import { runInBash, shBlocks, withoutLogLines } from './support/doc-blocks';
import { checkNats } from './support/nats';

const natsIt = checkNats('the blocks of docs/scaling-out.md') ? it : it.skip;

/** Text without white space, where the answers that curl prints run into one another. */
const dense = (text: string) => text.replace(/\s/g, '');

describe('docs/scaling-out.md', () => {
  natsIt(
    'runs as pasted: the set-up by hand, then the faults, each answering what the page shows',
    async () => {
      const blocks = shBlocks('docs/scaling-out.md');
      const byHand = blocks.find((block) => block.includes('secure-env.sh')) ?? '';
      const faults = blocks.find((block) => block.startsWith('kill -9 $R1; wait $R1')) ?? '';
      expect(byHand).toMatch(/^npm run build\n/);
      // The suite built the repository already; the rest runs as a reader pastes it.
      const [nats, main] = [await freePort(), await freePort()];
      const port = (block: string) => block.replaceAll('localhost:8082', `localhost:${main}`);
      // The faults are pasted once both replicas said `replica ready` (from then on they take
      // calls, as the page's table says), and the first call was answered.
      const bothReady = (stdout: string) =>
        stdout.split('"msg":"replica ready"').length > 2 && stdout.includes('{"result":5}');
      const pastes = [
        { block: port(byHand.replace(/^npm run build\n/, '')) },
        { block: port(faults), before: bothReady },
      ];
      const run = await runInBash(pastes, { NATS_PORT: String(nats), PORT: String(main) }, 90_000);
      // What the blocks printed, where they stopped, tells a failure (or the 90 s kill) apart.
      if (run.code !== 0) {
        throw new Error(`the blocks ended with ${run.code}:\n${run.stdout}\n${run.stderr}`);
      }
      const answers = `${byHand}${faults}`
        .split('\n')
        .filter((line) => line.startsWith('# '))
        .map((line) => line.slice(2));
      expect(answers).toHaveLength(9);
      expect(dense(withoutLogLines(run.stdout))).toBe(dense(answers.join('')));
    },
    120_000,
  );
});
