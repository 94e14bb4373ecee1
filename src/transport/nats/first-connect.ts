import { setTimeout as delay } from 'node:timers/promises';
import { type ConnectionOptions, connect, type NatsConnection } from 'nats';
import { connectFailure, everyServerFailed, isLastingFailure } from './connect-failure';
import { redactUrl } from './nats-options';

const RETRY_MS = 250;

/** What a server said to a connection of its own: `accepted`, or the error. */
type Answer = 'accepted' | { readonly error: unknown };

/**
 * The first connection to the `servers` given, with the client's `settings` (which hold them
 * without credentials), tried for `timeoutMs`. The client's own `waitOnFirstConnect`
 * would retry forever, and its pending connection cannot be cancelled, so a main server could
 * neither fail its `listen` nor let go of the attempt.
 *
 * A server that refuses for a reason that trying again cannot mend (credentials, a TLS set-up that
 * does not match) ends the attempts at once, but only when every server listed does so: the client
 * tries them all, in random order, and reports the last one's failure only, so that a node that
 * refuses for good would otherwise end the attempts while another listed node was about to come
 * up. Each server is then tried alone, and the error names each one's reason.
 */
export async function firstConnect(
  settings: ConnectionOptions,
  servers: readonly string[],
  timeoutMs: number,
): Promise<NatsConnection> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      return await connect(settings);
    } catch (error) {
      failure = error;
    }
    const lastChance = Date.now() + RETRY_MS >= giveUpAt;
    if (lastChance || isLastingFailure(failure)) {
      if (servers.length === 1) throw connectFailure(failure, servers);
      const alone = servers.map((server) => tryAlone(settings, redactUrl(server)));
      const answers = await Promise.all(alone);
      if (lastChance || answers.every(isLasting)) {
        throw everyServerFailed(answers.map(errorOf), servers);
      }
      // A server that accepts alone now: all of them are tried again at once.
      if (answers.includes('accepted')) continue;
    }
    await delay(RETRY_MS);
  }
}

/** Connects to `server` alone, once, and closes at once what it got. */
async function tryAlone(settings: ConnectionOptions, server: string): Promise<Answer> {
  try {
    const connection = await connect({ ...settings, servers: [server], reconnect: false });
    await connection.close();
    return 'accepted';
  } catch (error) {
    return { error };
  }
}

function isLasting(answer: Answer): boolean {
  return answer !== 'accepted' && isLastingFailure(answer.error);
}

function errorOf(answer: Answer): unknown {
  return answer === 'accepted' ? undefined : answer.error;
}
