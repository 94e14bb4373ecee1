import { connect } from 'nats';
import { echoSubject } from './echo-wire';
import { serveForwarding } from './forward-http';
import { replyMux } from './reply-mux';

/**
 * The carrier's ceiling, one NATS message per call: a `node:http` server that sends each request's
 * body as a NATS request (`reply-mux.ts`) to a responder process (`nats-responder.ts`: parse,
 * multiply, serialize) and answers the reply's bytes. No entry point that forwards each HTTP call
 * over NATS request/reply does less (docs/history/performance-log.md, "The carrier's ceiling").
 */
const servers = (process.env.NATS_URL ?? '').split(',');

connect({ servers, name: 'nats-echo', noAsyncTraces: true }).then(
  (nc) => {
    const request = replyMux(nc);
    const subject = echoSubject(process.env.SUBJECT_PREFIX ?? 'echo', false);
    serveForwarding((body, done) => request(subject, body, done));
  },
  (error: unknown) => {
    process.stderr.write(`nats-echo: ${error}\n`);
    process.exit(1);
  },
);
