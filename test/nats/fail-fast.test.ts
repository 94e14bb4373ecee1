import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { post } from '../../scripts/lib/load';
import { type ReplicaProcess } from '../../scripts/lib/replica-process';
import { useFaultJobs } from '../support/fault-jobs';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the fail-fast tests are skipped') ? describe : describe.skip;
/** The promise of docs/faults.md: a call held by a lost replica is answered within 2 s. */
const ANSWERED_WITHIN_MS = 2_000;

interface Answer {
  readonly id: string;
  readonly status: number;
  readonly code: string | undefined;
  /** The error's message, when it is one. */
  readonly message: string | undefined;
  /** `performance.now()` when the answer came. */
  readonly at: number;
}

/** Three replicas as processes, a real nats-server, a main server here that knows the classes. */
describeNats('calls whose replica is lost', () => {
  const logs: Record<string, unknown>[] = [];
  const jobs = useFaultJobs({
    tmpPrefix: 'portico-faults-',
    replicas: 3,
    main: {
      logLevel: 'info',
      logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
      metrics: true,
    },
    timeoutMs: 60_000,
  });
  const { replicas } = jobs;
  /** Each job id that started, with the pids of the replicas that ran it. */
  const runs = () => {
    const byId = new Map<string, number[]>();
    for (const line of readFileSync(jobs.record, 'utf8').split('\n')) {
      const [id, pid] = line.split(' ');
      if (id && pid) byId.set(id, [...(byId.get(id) ?? []), Number(pid)]);
    }
    return byId;
  };
  const job = async (method: string, id: string, ms: number): Promise<Answer> => {
    const body = JSON.stringify(`${id}:${ms}`);
    const answer = await post(
      { baseUrl: jobs.baseUrl, path: `/jobs/jobs/${method}` },
      false,
      id,
      body,
    );
    const error = answer.status === 200 ? undefined : JSON.parse(answer.body).error;
    return {
      id,
      status: answer.status,
      code: error?.code,
      message: error?.message,
      at: performance.now(),
    };
  };
  const metric = async (name: string) => {
    const text = await (await fetch(`${jobs.baseUrl}/-/metrics`)).text();
    return Number(new RegExp(`^${name}\\{microservice="jobs"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  };
  /** Sends `count` jobs and waits until every one of them runs on a replica. */
  const inFlight = async (method: string, prefix: string, count: number, ms: number) => {
    const ids = Array.from({ length: count }, (_, n) => `${prefix}${n}`);
    const answered = new Set<string>();
    const answers = ids.map((id) =>
      job(method, id, ms).then((answer) => {
        answered.add(id);
        return answer;
      }),
    );
    await waitFor(() => ids.every((id) => runs().has(id)), { what: `${prefix} jobs to start` });
    // The calls that `victim` holds now: started there and not answered yet (on a loaded machine
    // a call can finish before the test gets to the fault).
    const heldBy = (victim: ReplicaProcess) =>
      ids.filter((id) => pidOf(id) === victim.pid && !answered.has(id));
    return { ids, answers, heldBy };
  };
  const pidOf = (id: string) => runs().get(id)?.[0];
  const idOf = (replica: ReplicaProcess) => `${hostname()}:${replica.pid}`;

  it('kill -9: its calls get 502 REPLICA_LOST within 2 s, the others finish, none runs twice', async () => {
    const { ids, answers, heldBy } = await inFlight('slow', 'k', 9, 3_000);
    const victim = replicas.find((r) => r.pid === pidOf('k0')) as ReplicaProcess;
    const held = heldBy(victim);
    const killedAt = performance.now();
    victim.kill('SIGKILL');
    const done = await Promise.all(answers);
    for (const answer of done) {
      if (held.includes(answer.id)) {
        expect([answer.status, answer.code]).toEqual([502, 'REPLICA_LOST']);
        expect(answer.at - killedAt).toBeLessThan(ANSWERED_WITHIN_MS);
      } else expect(answer.status).toBe(200);
    }
    for (const id of ids) expect(runs().get(id)).toHaveLength(1);
    expect(await metric('portico_nats_replica_lost_total')).toBe(held.length);
    const lost = logs.find((line) => line.msg === 'replica lost');
    expect(lost).toMatchObject({ level: 40, microservice: 'jobs', replica: idOf(victim) });
    await jobs.startReplica();
  }, 60_000);

  it('SIGSTOP: its calls are answered within 2 s, new ones never wait for the deadline, and it runs none of them once resumed', async () => {
    const { answers, heldBy } = await inFlight('slow', 's', 6, 2_500);
    const victim = replicas.find((r) => r.pid === pidOf('s0')) as ReplicaProcess;
    const held = heldBy(victim);
    const stoppedAt = performance.now();
    victim.kill('SIGSTOP');
    let fresh: (Answer & { took: number })[];
    let done: Answer[];
    try {
      fresh = await Promise.all(
        Array.from({ length: 12 }, async (_, n) => {
          const sent = performance.now();
          const answer = await job('slow', `n${n}`, 20);
          return { ...answer, took: answer.at - sent };
        }),
      );
      done = await Promise.all(answers);
      // Counted lost while stopped, even when it was started just before, so its calls came first.
      const lost = (line: Record<string, unknown>) =>
        line.msg === 'replica lost' && line.replica === idOf(victim);
      await waitFor(() => logs.some(lost), { what: 'the replica lost line' });
      expect(logs.find(lost)).toMatchObject({ level: 40, microservice: 'jobs' });
    } finally {
      victim.kill('SIGCONT');
    }
    for (const answer of done.filter((a) => held.includes(a.id))) {
      expect([answer.status, answer.code]).toEqual([502, 'REPLICA_LOST']);
      expect(answer.at - stoppedAt).toBeLessThan(ANSWERED_WITHIN_MS);
    }
    // A new call that NATS gave the stopped replica: 502 while it was not yet counted lost (it
    // may have taken it, for all the main server knows), 503 after.
    for (const answer of fresh) {
      if (answer.status === 502) expect(answer.code).toBe('REPLICA_LOST');
      else if (answer.status === 503) expect(answer.code).toBe('NOT_ACKNOWLEDGED');
      else expect(answer.status).toBe(200);
      expect(answer.took).toBeLessThan(ANSWERED_WITHIN_MS);
    }
    expect(fresh.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    const refused = fresh.filter((answer) => answer.status !== 200).map((a) => a.id);
    await waitFor(() => logs.some((line) => line.msg === 'replica back'), { what: 'its return' });
    // The resumed replica refuses what it was given while stopped; the refusals come late.
    const refusals = () => victim.logs.filter((l) => / not (taken|started)$/.test(String(l.msg)));
    await waitFor(() => refusals().length >= refused.length, { what: 'the refusals' });
    for (const id of refused) expect(runs().has(id)).toBe(false);
    for (const id of held) expect(runs().get(id)).toHaveLength(1);
    const cancelled = fresh.filter((answer) => answer.status === 503).length;
    expect(await metric('portico_nats_cancels_total')).toBe(cancelled);
    // A refusal that came while its call still waited was its answer; the others are late
    // replies, which the main server counts once it has read them.
    const answeredByWatch = fresh.filter((a) =>
      / (lost before it answered|will start it now)/.test(a.message ?? ''),
    );
    const lateReplies = () => metric('portico_nats_late_replies_total');
    const until = Date.now() + 10_000;
    let late = await lateReplies();
    while (late < answeredByWatch.length && Date.now() < until) late = await lateReplies();
    expect(late).toBeGreaterThanOrEqual(answeredByWatch.length);
  }, 60_000);

  it('kill -9: idempotent calls are sent once more and answered', async () => {
    const { answers, heldBy } = await inFlight('again', 'i', 6, 1_500);
    const victim = replicas.find((r) => r.pid === pidOf('i0')) as ReplicaProcess;
    const held = heldBy(victim);
    const before = await metric('portico_nats_retries_total');
    victim.kill('SIGKILL');
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
    for (const id of held) expect(runs().get(id)).toHaveLength(2);
    expect(await metric('portico_nats_retries_total')).toBe(before + held.length);
  }, 60_000);

  it('SIGTERM: a draining replica finishes its calls and is not counted lost', async () => {
    const { answers } = await inFlight('slow', 't', 4, 1_500);
    const victim = replicas.find((r) => r.pid === pidOf('t0')) as ReplicaProcess;
    const lostBefore = await metric('portico_nats_replica_lost_total');
    victim.kill('SIGTERM');
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
    expect(await victim.exited).toBe(0);
    expect(await metric('portico_nats_replica_lost_total')).toBe(lostBefore);
    const ready = await fetch(`${jobs.baseUrl}/-/ready`);
    expect(ready.status).toBe(200);
  }, 60_000);
});
