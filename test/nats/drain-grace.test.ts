import { readFileSync } from 'node:fs';
import { post } from '../../scripts/lib/load';
import { type ReplicaProcess } from '../../scripts/lib/replica-process';
import { useFaultJobs } from '../support/fault-jobs';
import { checkNats } from '../support/nats';
import { scrape, total } from '../support/prometheus';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the drain grace test is skipped') ? describe : describe.skip;

// An orchestrator kills a replica that drains for longer than its grace (Kubernetes: 30 s). With
// --drain-grace-ms under it, the replica answers what it still holds and leaves first, so that
// the callers know at once what became of their calls (docs/scaling-out.md), and the main
// server's metrics count them.
describeNats('a replica whose drain outlasts --drain-grace-ms', () => {
  const jobs = useFaultJobs({
    tmpPrefix: 'portico-grace-',
    replicas: 1,
    replicaArgs: ['--concurrency', '1', '--drain-grace-ms', '2000'],
    main: { logLevel: 'silent', metrics: true },
    timeoutMs: 30_000,
  });

  it('answers its hung call REPLICA_LOST, the call waiting for its slot NOT_ACKNOWLEDGED, and exits 1', async () => {
    const [replica] = jobs.replicas as [ReplicaProcess];
    const call = (id: string, ms: number) =>
      post(
        { baseUrl: jobs.baseUrl, path: '/jobs/jobs/slow' },
        false,
        id,
        JSON.stringify(`${id}:${ms}`),
      );
    const hung = call('hung', 60_000);
    const received = () => replica.logs.filter((line) => line.msg === 'call received');
    await waitFor(() => received().length === 1, { what: 'the hung call at the replica' });
    const waiting = call('waiting', 10);
    await waitFor(() => received().length === 2, { what: 'the waiting call at the replica' });
    replica.kill('SIGTERM');
    const [lost, refused] = await Promise.all([hung, waiting]);
    expect(lost.status).toBe(502);
    expect(JSON.parse(lost.body).error).toMatchObject({
      code: 'REPLICA_LOST',
      message: expect.stringContaining('drain grace while the call ran'),
    });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body).error).toMatchObject({
      code: 'NOT_ACKNOWLEDGED',
      message: expect.stringContaining('it did not run'),
    });
    expect(await replica.exited).toBe(1);
    expect(replica.logs).toContainEqual(
      expect.objectContaining({
        msg: 'drain timed out: the calls held were answered',
        waiting: 1,
        running: 1,
      }),
    );
    const ran = readFileSync(jobs.record, 'utf8').trim().split('\n');
    expect(ran.map((line) => line.split(' ')[0])).toEqual(['hung']);
    // docs/operating.md counts both: the REPLICA_LOST was missing from its metric.
    const families = await scrape(jobs.baseUrl);
    expect(total(families, 'portico_nats_replica_lost_total')).toBe(1);
    expect(total(families, 'portico_nats_cancels_total')).toBe(1);
  }, 30_000);
});
