import { readFileSync } from 'node:fs';
import { post } from '../../scripts/lib/load';
import { type ReplicaProcess } from '../../scripts/lib/replica-process';
import { useFaultJobs } from '../support/fault-jobs';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the stalled replica test is skipped') ? describe : describe.skip;

/** A replica that runs one call at a time, stopped with calls waiting for its slot. */
describeNats('a replica that stalls with calls waiting', () => {
  const jobs = useFaultJobs({
    tmpPrefix: 'portico-stall-',
    replicas: 1,
    replicaArgs: ['--concurrency', '1'],
    main: { logLevel: 'silent' },
    timeoutMs: 30_000,
  });

  it('does not start, once resumed, the calls it had taken before it was counted lost', async () => {
    const [replica] = jobs.replicas as [ReplicaProcess];
    const ids = ['w0', 'w1', 'w2'];
    const answers = ids.map((id) =>
      post(
        { baseUrl: jobs.baseUrl, path: '/jobs/jobs/slow' },
        false,
        id,
        JSON.stringify(`${id}:1500`),
      ),
    );
    const received = () => replica.logs.filter((line) => line.msg === 'call received');
    await waitFor(() => received().length === 3, { what: 'the three calls at the replica' });
    replica.kill('SIGSTOP');
    const done = await Promise.all(answers).finally(() => replica.kill('SIGCONT'));
    for (const answer of done) expect(JSON.parse(answer.body).error.code).toBe('REPLICA_LOST');
    const refused = () =>
      replica.logs.filter((line) => line.msg === 'a call taken before a stall was not started');
    await waitFor(() => refused().length === 2, { what: 'the two waiting calls refused' });
    const ran = readFileSync(jobs.record, 'utf8').trim().split('\n');
    expect(ran.map((line) => line.split(' ')[0])).toEqual(['w0']);
  }, 30_000);
});
