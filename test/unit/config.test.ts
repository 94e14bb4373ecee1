import {
  createMainServer,
  ENTRY_POINT_DEFAULTS,
  type MainServerConfig,
  nativeApp,
  RemoteMethod,
  RemoteService,
} from 'portico';
import { REPLICA_LIMIT_DEFAULTS } from '../../src/replica/replica-limits';
import { calc } from '../fixtures/services';

function create(config: Partial<MainServerConfig>) {
  return () => createMainServer({ logLevel: 'silent', microservices: [calc], ...config });
}

const entry = (section: object) =>
  ({ ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: section } }) as Partial<MainServerConfig>;

describe('createMainServer configuration checks', () => {
  it.each([
    [{ defaultApiId: 'roa' }, 'defaultApiId must be ROA or RMC'],
    [{ defaultSequenceName: 'json' }, 'defaultSequenceName must be one of the four sequence names'],
    [{ defaultLocale: 'en_US.UTF-8' }, 'defaultLocale must be a language tag'],
    [{ cors: { origins: 'http://x.test' } }, 'cors.origins'],
    [{ cors: { maxAgeSeconds: -1 } }, 'cors.maxAgeSeconds'],
    [{ maxBodyBytes: 0 }, 'maxBodyBytes must be a positive integer'],
    [{ callTimeoutMs: 1.5 }, 'callTimeoutMs must be a positive integer'],
  ])('refuses %j at start, not on every call', (section, message) => {
    expect(create(entry(section))).toThrow(message);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(create({ http: { headersTimeoutMs: 5000, requestTimeoutMs: 1000 } })).toThrow(
      'headersTimeoutMs must not exceed',
    );
  });

  it('refuses a log level that is not one, listing the levels', () => {
    expect(create({ logLevel: 'verbose' as never })).toThrow(
      'portico: logLevel must be one of trace, debug, info, warn, error, fatal or silent, got "verbose"',
    );
  });

  it.each([
    ['nats'],
    [{ servers: ['nats://127.0.0.1:4222'] }],
    [{ nats: 'nats://127.0.0.1:4222' }],
  ])('refuses the placement %j, naming its shapes', (placement) => {
    expect(create({ placement: placement as never })).toThrow(
      `portico: the placement of microservice calc must be 'in-process' or { nats: { servers: [...] } }, got ${JSON.stringify(placement)}`,
    );
  });

  it('accepts the defaults', () => {
    expect(create({})).not.toThrow();
  });
});

class Empty {}

@RemoteService('hollow')
class HollowService {
  @RemoteMethod({ params: [Empty] })
  take(_: Empty): void {}
}

describe('deploying a service', () => {
  it('refuses a payload class that declares no fields, naming it', () => {
    expect(
      create({ microservices: [nativeApp({ name: 'h', services: [HollowService] })] }),
    ).toThrow('HollowService.take uses Empty, which declares no fields');
  });
});

describe('the defaults a main server and a replica share', () => {
  it('are the same numbers on both sides', () => {
    expect(REPLICA_LIMIT_DEFAULTS).toEqual({
      maxCallMs: ENTRY_POINT_DEFAULTS.callTimeoutMs,
      maxWaiting: ENTRY_POINT_DEFAULTS.maxConcurrentCalls,
      maxArgs: ENTRY_POINT_DEFAULTS.maxArgs,
      maxBodyBytes: ENTRY_POINT_DEFAULTS.maxBodyBytes,
    });
  });
});
