import { type MainServerConfig } from 'portico';
import examples from '../examples/main';

/**
 * The example main server with every native microservice placed on NATS, bound to loopback: the
 * servers come from `NATS_URL`, the subject prefix from `SUBJECT_PREFIX` (so that two main servers
 * can share one nats-server, each with its own replicas).
 */
const config: MainServerConfig = {
  ...examples,
  host: '127.0.0.1',
  placement: {
    nats: {
      servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(','),
      subjectPrefix: process.env.SUBJECT_PREFIX ?? 'portico',
    },
  },
};

export default config;
