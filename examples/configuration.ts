import Koa from 'koa';
import { type MainServerConfig, nativeApp, servletApp, staticFiles } from 'portico';
import { CalculatorService } from './calc/calculator.service';
import { MultiplierService } from './calc/multiplier.service';
import { DOCS_PUBLIC_DIR } from './docs/public-dir';

const legacy = new Koa();
legacy.use((ctx) => {
  ctx.body = `legacy app saw ${ctx.method} ${ctx.path}`;
});

/** Every configuration key, at its default but for the resolver, and one microservice of each type. */
const config: MainServerConfig = {
  port: 8082,
  logLevel: 'info', // one JSON line per call: requestId, target, status, ms
  development: false, // true shows unexpected errors' messages and stacks to callers
  metrics: false, // true serves Prometheus metrics at /-/metrics, see docs/operating.md
  tracing: false, // true opens an OpenTelemetry span per call, see docs/operating.md
  drainDelayMs: 0, // after SIGTERM, how long /-/ready is 503 before connections close
  placement: 'in-process', // or { nats: { servers: ['nats://127.0.0.1:4222'] } }, see docs/scaling-out.md
  microservices: [
    nativeApp({ name: 'calc', services: [MultiplierService, CalculatorService] }),
    servletApp({ name: 'legacy', app: legacy }), // gets every request under /legacy/
    staticFiles({ name: 'files', dir: DOCS_PUBLIC_DIR, cors: true }), // files only, no listings
  ],
  ENTRY_POINTS: {
    WEB_SERVICE_FACADE_HTTP: {
      defaultApiId: 'ROA',
      defaultSequenceName: 'libBParamArrayJsonInOutSequence',
      maxBodyBytes: 1048576,
      callTimeoutMs: 30000,
      // Or a list of origins, or false; credentialOrigins may send the claims (SECURITY.md).
      cors: { origins: '*', maxAgeSeconds: 600 },
      defaultLocale: 'en',
      // The default grants nothing; this one makes calls that name `admin` privileged.
      permissionResolver: ({ privilegeNames }) => privilegeNames.includes('admin'),
      maxDepth: 64,
      maxArgs: 256,
      maxConcurrentCalls: 1024, // per microservice; a nativeApp may set its own
    },
  },
  http: {
    headersTimeoutMs: 10000,
    requestTimeoutMs: 30000,
    keepAliveTimeoutMs: 5000,
    maxHeaderBytes: 16384,
    maxHeaderCount: 100,
    writeTimeoutMs: 30000,
  },
};

export default config;
