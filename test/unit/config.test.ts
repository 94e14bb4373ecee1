import {
  createMainServer,
  ENTRY_POINT_DEFAULTS,
  type MainServerConfig,
  nativeApp,
  RemoteMethod,
  RemoteService,
} from 'portico';
import { REPLICA_LIMIT_DEFAULTS } from '../../src/replica/replica-limits';
import { calc, probe } from '../fixtures/services';
import { json, send } from '../support/http';

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

  it.each([
    [{ cors: { origins: ['https://app.test/'] } }, "cors.origins must be '*' or a list of exact"],
    [{ cors: { origins: ['https://app.test/page'] } }, 'a list of exact origins'],
    [{ permissionResolver: true }, 'permissionResolver must be a function'],
    [{ callTimeoutMs: 2 ** 31 }, 'callTimeoutMs must be at most 2147483647 ms, got 2147483648'],
  ])('refuses %j, which would fail or refuse every call', (section, message) => {
    expect(create(entry(section))).toThrow(message);
  });

  it.each([
    [{ port: '8082' }, 'portico: port must be a port number from 0 to 65535, got "8082"'],
    [{ port: 65536 }, 'portico: port must be a port number from 0 to 65535, got 65536'],
    [{ host: 5 }, 'portico: host must be a host name or address, got 5'],
    [{ metrics: 'false' }, 'portico: metrics must be true or false, got "false"'],
    [{ tracing: 1 }, 'portico: tracing must be true or false, got 1'],
    [{ development: 'yes' }, 'portico: development must be true or false, got "yes"'],
    [
      { drainDelayMs: 1e12 },
      'portico: drainDelayMs must be at most 2147483647 ms, got 1000000000000',
    ],
    [{ http: { keepAliveTimeoutMs: 2 ** 31 } }, 'http.keepAliveTimeoutMs must be at most'],
    [{ http: { writeTimeoutMs: 2 ** 31 } }, 'http.writeTimeoutMs must be at most'],
  ])('refuses %j, naming the key and the value', (config, message) => {
    expect(create(config as Partial<MainServerConfig>)).toThrow(message);
  });

  it('takes an empty host, on which Node listens everywhere, as it does no host', () => {
    expect(create({ host: '' })).not.toThrow();
  });

  it('takes the longest time a timer keeps', () => {
    const longest = 2 ** 31 - 1;
    const config = { drainDelayMs: longest, ...entry({ callTimeoutMs: longest }) };
    expect(create(config)).not.toThrow();
  });

  it('warns of each key it does not know, naming the nearest one it knows', () => {
    const warnings = (config: object) => {
      const lines: Record<string, unknown>[] = [];
      const logStream = { write: (line: string) => lines.push(JSON.parse(line)) };
      create({ logLevel: 'warn', logStream, ...config })();
      return lines.map(({ key, nearest, msg }) => ({ key, nearest, msg }));
    };
    const msg = 'unknown configuration key: ignored';
    expect(
      warnings({
        drainDelay: 5000,
        metric: true,
        http: { zzz: 1 },
        ...entry({ callTimeout: 5 }),
      }),
    ).toEqual([
      { key: 'drainDelay', nearest: 'drainDelayMs', msg },
      { key: 'metric', nearest: 'metrics', msg },
      {
        key: 'ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP.callTimeout',
        nearest: 'ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP.callTimeoutMs',
        msg,
      },
      { key: 'http.zzz', nearest: undefined, msg },
    ]);
    const everyKey = {
      port: 0,
      host: '127.0.0.1',
      drainDelayMs: 0,
      metrics: false,
      tracing: false,
    };
    const admin = { port: 0 };
    expect(
      warnings({ ...everyKey, admin, development: false, http: { writeTimeoutMs: 1 } }),
    ).toEqual([]);
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

describe('a call timeout at the longest time a timer keeps', () => {
  it('still lets a call in flight finish on shutdown', async () => {
    const main = createMainServer({
      logLevel: 'silent',
      microservices: [probe],
      ...entry({ callTimeoutMs: 2 ** 31 - 1 }),
    });
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    main.app.use(async (_, next) => {
      arrived();
      await next();
    });
    const port = await main.listen(0, '127.0.0.1');
    const call = send(`http://127.0.0.1:${port}`, '/probe/probe/sleep', {
      method: 'POST',
      headers: json(),
      body: '300',
    });
    await inFlight;
    await main.close();
    const answer = await call;
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('300');
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
