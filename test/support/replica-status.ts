import { type NatsConnection } from 'nats';
import { type Logger } from 'pino';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { type NatsLink } from '../../src/transport/nats/nats-connection';
import { type ReplicaStatus } from '../../src/transport/nats/replica-ping';
import { watchReplicas } from '../../src/transport/nats/replica-watch';

let pings = 0;

/**
 * Pings the replicas on `subject` as a main server would (the reply subject under
 * `inboxPrefix`, naming the ping's subject) and resolves with the status of replica `replica`,
 * or `undefined` when it does not answer within `timeoutMs`.
 */
export async function replicaStatus(
  client: NatsConnection,
  { subject, replica, inboxPrefix = '_INBOX_portico', timeoutMs = 2_000 }: StatusQuery,
): Promise<ReplicaStatus | undefined> {
  const reply = `${inboxPrefix}.probe.${subject}._ping.${++pings}`;
  const answers = client.subscribe(reply);
  const timer = setTimeout(() => answers.unsubscribe(), timeoutMs);
  await client.flush();
  client.publish(`${subject}._ping`, new Uint8Array(0), { reply });
  try {
    for await (const answer of answers) {
      const status = answer.json<ReplicaStatus>();
      if (status.replica === replica) return status;
    }
    return undefined;
  } finally {
    clearTimeout(timer);
    answers.unsubscribe();
  }
}

/** What {@link replicaStatus} asks. */
export interface StatusQuery {
  /** The microservice's subject, `portico.<name>`. */
  readonly subject: string;
  /** The id of the replica whose status is wanted. */
  readonly replica: string;
  readonly inboxPrefix?: string;
  readonly timeoutMs?: number;
}

/**
 * Pings until replica `replica` reports at least `calls` calls (default 1) running; fails after
 * `untilMs` (default 15 s).
 */
export async function untilRunning(
  client: NatsConnection,
  query: StatusQuery & { readonly calls?: number; readonly untilMs?: number },
): Promise<void> {
  const giveUpAt = Date.now() + (query.untilMs ?? 15_000);
  const calls = query.calls ?? 1;
  while (((await replicaStatus(client, query))?.running ?? 0) < calls) {
    if (Date.now() > giveUpAt) throw new Error(`replica ${query.replica} runs fewer than ${calls}`);
  }
}

/** The status a steerable replica `replica` of `microservice` answers pings with, holding nothing. */
export function steerableStatus(
  microservice: string,
  replica: string,
  draining: boolean,
): ReplicaStatus {
  return {
    microservice,
    replica,
    pid: process.pid,
    running: 0,
    waiting: 0,
    concurrency: 1,
    draining,
    joining: false,
    steerable: true,
    holds: [],
  };
}

/**
 * A main server's watch of the replicas of microservice `gone` on `subject`, as the tests start it;
 * `forgetAfterMs` shortens the time a lost replica is remembered.
 */
export function watchGone(link: NatsLink, subject: string, logger: Logger, forgetAfterMs?: number) {
  return watchReplicas({
    link,
    subject,
    microservice: 'gone',
    logger,
    events: undefined,
    forgetAfterMs,
  });
}

/** A call of `gone.calc.add(arg)` as a main server sends it, under `requestId`, due in a minute. */
export function callToGone(requestId: string, arg = '1'): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    microservice: 'gone',
    service: 'calc',
    method: 'add',
    apiId: 'RMC',
    sequenceName: 'calc',
    args: [arg],
    context: { requestId, locale: 'en', privilegeNames: [], privileged: false },
    deadline: Date.now() + 60_000,
  };
}
