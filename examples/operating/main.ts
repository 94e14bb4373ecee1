import { type MainServerConfig } from 'portico';
import calc from '../calc';

/** Where the replicas of calc listen: the NATS_URL environment variable, commas between servers. */
const servers = (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',');

/**
 * The example main server as one runs it in production: calc on NATS, Prometheus metrics at
 * `/-/metrics`, a span per call, and readiness false for a moment on SIGTERM before the
 * connections close.
 */
const config: MainServerConfig = {
  microservices: [{ ...calc, placement: { nats: { servers } } }],
  metrics: true,
  tracing: true,
  drainDelayMs: 1000,
};

export default config;
