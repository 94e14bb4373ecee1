import { readdirSync, readFileSync } from 'node:fs';
import { spawnGroup, stopGroup } from '../../src/cli/process-group';

/** The processes of group `pgid` that still run (zombies have stopped). */
function running(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(group) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('stopGroup', () => {
  it('leaves no process of the group running, those that ignore SIGTERM included', async () => {
    // The leader and the two processes it starts ignore SIGTERM: only the SIGKILL after the
    // grace ends them.
    const child = spawnGroup('sh', ['-c', "trap '' TERM; sleep 100 & sleep 100 & echo up; wait"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise((resolve) => child.stdout?.once('data', resolve));
    const pgid = child.pid as number;
    expect(running(pgid).length).toBeGreaterThanOrEqual(3);
    await stopGroup(child, 200);
    expect(running(pgid)).toEqual([]);
  });
});
