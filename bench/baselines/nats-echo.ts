import { connect } from 'nats';
import { echoSubject, statusOf } from './echo-wire';
import { serveForwarding } from './forward-http';

/**
 * The carrier's ceiling, one NATS message per call: a `node:http` server that sends each request's
 * body with the `nats` client's `request` to a responder process (`nats-responder.ts`: parse,
 * multiply, serialize) and answers the reply's bytes. No entry point that forwards each HTTP call
 * over NATS request/reply does less (docs/performance.md, "The carrier's ceiling").
 */
const TIMEOUT_MS = 30_000;

connect({ servers: (process.env.NATS_URL ?? '').split(','), name: 'nats-echo' }).then(
  (nc) => {
    const subject = echoSubject(process.env.SUBJECT_PREFIX ?? 'echo', false);
    serveForwarding((body, done) => {
      nc.request(subject, body, { timeout: TIMEOUT_MS }).then(
        (msg) => done(msg.data),
        (error: unknown) => done(statusOf(error)),
      );
    });
  },
  (error: unknown) => {
    process.stderr.write(`nats-echo: ${error}\n`);
    process.exit(1);
  },
);
