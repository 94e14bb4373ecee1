import { readFileSync } from 'node:fs';
import { runLoad } from '../../scripts/lib/load';
import { useFaultJobs } from '../support/fault-jobs';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the twin replica id tests are skipped') ? describe : describe.skip;

// Two replicas started with the same --replica-id (a unit file copied, a pod name reused while the
// old process hangs): the main server must not mistake one's ping answers for the other's.
describeNats('two replica processes with one --replica-id', () => {
  const logs: Record<string, unknown>[] = [];
  const jobs = useFaultJobs({
    tmpPrefix: 'portico-twins-',
    replicas: 2,
    replicaArgs: ['--replica-id', 'twin'],
    main: { logLevel: 'info', logStream: { write: (text: string) => logs.push(JSON.parse(text)) } },
    timeoutMs: 60_000,
  });

  /** The pids of the replicas that ran the calls so far. */
  const pids = () =>
    new Set(
      readFileSync(jobs.record, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ')[1]),
    );

  it('serves every call, and says that two replicas answer as one', async () => {
    let sent = 0;
    // Calls that span ping rounds, so that each twin reports calls the other does not hold.
    const calls = await runLoad({
      baseUrl: jobs.baseUrl,
      path: '/jobs/jobs/slow',
      concurrency: 6,
      body: (n) => JSON.stringify(`t${n}:300`),
      stop: () => ++sent > 36,
    });
    expect(calls.filter((call) => call.status !== 200).map((call) => call.body)).toEqual([]);
    expect(pids().size).toBe(2);
    await waitFor(() => logs.some((line) => line.msg === 'two replicas answer with one id'));
    expect(logs.find((line) => line.msg === 'two replicas answer with one id')).toMatchObject({
      level: 40,
      microservice: 'jobs',
      replica: 'twin',
    });
  });
});
