import { type MainServerConfig, natsFromEnv } from 'portico';
import calc from '../calc';
import docs from '../docs';
import relay from '../relay';

/**
 * How to reach the replicas of calc: the `NATS_*` environment variables (`NATS_URL`, with commas
 * between servers, `NATS_USER`, `NATS_PASSWORD`, `NATS_CA`, `NATS_INBOX_PREFIX`, …).
 */
const nats = natsFromEnv({ NATS_URL: 'nats://127.0.0.1:4222', ...process.env });

/**
 * The example main server with calc scaled out: the same definition as in `examples/main.ts`, placed
 * on NATS. Start replicas with `portico microservice dist/examples/calc/index.js --nats <url>`.
 * `relay`, whose methods call calc over NATS, runs only as a replica.
 */
const config: MainServerConfig = {
  microservices: [{ ...calc, placement: { nats } }, { ...relay, placement: { nats } }, docs],
};

export default config;
