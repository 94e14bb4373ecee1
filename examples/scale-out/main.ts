import { type MainServerConfig } from 'portico';
import calc from '../calc';
import docs from '../docs';
import relay from '../relay';

/** Where the replicas of calc listen: the NATS_URL environment variable, commas between servers. */
const servers = (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',');

/**
 * The example main server with calc scaled out: the same definition as in `examples/main.ts`, placed
 * on NATS. Start replicas with `portico microservice dist/examples/calc/index.js --nats <url>`.
 * `relay`, whose methods call calc over NATS, runs only as a replica.
 */
const config: MainServerConfig = {
  microservices: [
    { ...calc, placement: { nats: { servers } } },
    { ...relay, placement: { nats: { servers } } },
    docs,
  ],
};

export default config;
