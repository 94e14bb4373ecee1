import { type NatsConnection } from 'nats';
import { encodeEnvelope } from '../../src/protocol/codec';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';

/**
 * A call frame as an outsider would write it with the codec: privileged, with a made-up user and
 * a budget of `budgetMs`; `fields` replaces any part of it.
 */
export function forgedCall(fields: Partial<CallEnvelope> = {}, budgetMs = 5_000): Uint8Array {
  const now = Date.now();
  const envelope: CallEnvelope = {
    version: ENVELOPE_VERSION,
    microservice: 'calc',
    service: 'calculator',
    method: 'add',
    apiId: 'ROA',
    sequenceName: 'libBParamArrayJsonInOutSequence',
    args: ['{"a":2,"b":3}'],
    context: {
      requestId: `forged-${Math.random()}`,
      locale: 'en',
      privilegeNames: ['admin'],
      privileged: true,
      user: 'root',
    },
    deadline: now + budgetMs,
    ...fields,
  };
  return encodeEnvelope(envelope, now);
}

/**
 * What the server answers to `act` on `connection`: the code of the error it reports, or
 * `allowed` when its answer to a PING sent after `act` came without one.
 */
export async function serverAnswer(connection: NatsConnection, act: () => void): Promise<string> {
  const error = nextServerError(connection);
  act();
  await connection.flush();
  await new Promise(setImmediate);
  return Promise.race([error, Promise.resolve('allowed')]);
}

/** The error that the server answers to a subscription to `subject`, or `allowed`. */
export async function subscribeAnswer(
  connection: NatsConnection,
  subject: string,
  queue?: string,
): Promise<string> {
  let refused: string | undefined;
  const subscription = connection.subscribe(subject, {
    ...(queue ? { queue } : {}),
    callback: (error) => {
      refused ??= error?.message;
    },
  });
  await connection.flush();
  await new Promise(setImmediate);
  subscription.unsubscribe();
  return refused ?? 'allowed';
}

async function nextServerError(connection: NatsConnection): Promise<string> {
  for await (const status of connection.status()) {
    if (status.type === 'error') return String(status.data);
  }
  throw new Error('the connection closed without an error');
}
