import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { runLoad } from '../../scripts/lib/load';
import { type ReplicaProcess } from '../../scripts/lib/replica-process';
import { useFaultJobs } from '../support/fault-jobs';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the steering tests are skipped') ? describe : describe.skip;
/** Calls started after the stopped replica was taken out of turn, all of which must succeed. */
const CALLS_AFTER = 60;

/** Three replicas as processes, a real nats-server, a main server here that steers the calls. */
describeNats('new calls and a hung replica', () => {
  /** The main server's log lines, each with `performance.now()` when it came. */
  const logs: { line: Record<string, unknown>; at: number }[] = [];
  const jobs = useFaultJobs({
    tmpPrefix: 'portico-steering-',
    replicas: 3,
    main: {
      logLevel: 'info',
      logStream: {
        write: (text: string) => logs.push({ line: JSON.parse(text), at: performance.now() }),
      },
    },
    timeoutMs: 60_000,
  });

  /** The pid of the replica that ran each job, by job id. */
  const runs = () => {
    const byId = new Map<string, number>();
    for (const line of readFileSync(jobs.record, 'utf8').split('\n')) {
      const [id, pid] = line.split(' ');
      if (id && pid) byId.set(id, Number(pid));
    }
    return byId;
  };
  const said = (msg: string, replica: ReplicaProcess) =>
    logs.find(({ line }) => line.msg === msg && line.replica === `${hostname()}:${replica.pid}`);

  it('SIGSTOP under load: once it is silent, no new call goes to it; once it answers, calls do', async () => {
    const [victim] = jobs.replicas as [ReplicaProcess];
    const epoch = performance.now();
    let stopped = false;
    let after = 0;
    const detected = () => said('replica silent: no new calls', victim)?.at;
    const load = runLoad({
      baseUrl: jobs.baseUrl,
      path: '/jobs/jobs/slow',
      concurrency: 6,
      epoch,
      body: (n) => {
        const at = detected();
        if (at !== undefined && performance.now() > at) after++;
        return JSON.stringify(`g${n}:20`);
      },
      stop: () => after >= CALLS_AFTER,
    });
    try {
      // Every replica takes calls before the fault.
      await waitFor(() => new Set(runs().values()).size === 3, { what: 'calls on every replica' });
      victim.kill('SIGSTOP');
      stopped = true;
      await waitFor(() => detected() !== undefined, { what: 'the replica silent line' });
      const calls = await load;
      const since = (detected() as number) - epoch;
      const late = calls.filter((call) => call.start > since);
      expect(late.length).toBeGreaterThanOrEqual(CALLS_AFTER);
      for (const call of late) expect([call.requestId, call.status]).toEqual([call.requestId, 200]);
      const ran = runs();
      for (const call of late) {
        const id = `g${call.requestId.slice('load-'.length)}`;
        expect(ran.get(id)).not.toBe(victim.pid);
      }
    } finally {
      if (stopped) victim.kill('SIGCONT');
      await load;
    }
    // Resumed, it answers pings again and is given calls again.
    await waitFor(
      () =>
        said('replica back', victim) !== undefined ||
        said('replica answers again', victim) !== undefined,
      { what: 'its return' },
    );
    const before = new Set(runs().keys());
    const again = runLoad({
      baseUrl: jobs.baseUrl,
      path: '/jobs/jobs/slow',
      concurrency: 3,
      body: (n) => JSON.stringify(`h${n}:5`),
      stop: () => [...runs()].some(([id, pid]) => !before.has(id) && pid === victim.pid),
    });
    for (const call of await again) expect(call.status).toBe(200);
  }, 60_000);
});
