import { createMainServer, natsFromEnv, startReplica } from 'portico';
import { readMicroserviceOptions } from '../../src/cli/microservice-options';
import work from '../nats/fixtures/work';

// How often a connection pings its NATS server, and how many pings may go unanswered, were fixed
// (1 s, 3): a link with bursts of more than 3 s of backlog could not keep its connection, nor
// could a user choose quicker detection. They are options now, set as the other NATS ones are
// (docs/faults.md, "A hung NATS node"), and a wrong value is refused, naming where it came from.
describe('the NATS ping settings', () => {
  const url = { NATS_URL: 'nats://a:1' };

  it('are read from NATS_PING_INTERVAL_MS and NATS_MAX_PINGS_OUT', () => {
    const env = { ...url, NATS_PING_INTERVAL_MS: '5000', NATS_MAX_PINGS_OUT: '4' };
    expect(natsFromEnv(env)).toEqual({
      servers: ['nats://a:1'],
      pingIntervalMs: 5_000,
      maxPingsOut: 4,
    });
    expect(natsFromEnv({ ...url, NATS_PING_INTERVAL_MS: '', NATS_MAX_PINGS_OUT: '' })).toEqual({
      servers: ['nats://a:1'],
    });
  });

  it('are taken by portico microservice from its flags, over the variables', () => {
    const env = { ...url, NATS_PING_INTERVAL_MS: '5000', NATS_MAX_PINGS_OUT: '4' };
    expect(readMicroserviceOptions(['m.js'], env)).toMatchObject({
      pingIntervalMs: 5_000,
      maxPingsOut: 4,
    });
    const flags = ['m.js', '--nats-ping-interval-ms', '2000', '--nats-max-pings-out', '5'];
    expect(readMicroserviceOptions(flags, env)).toMatchObject({
      pingIntervalMs: 2_000,
      maxPingsOut: 5,
    });
  });

  it.each([
    ['NATS_PING_INTERVAL_MS', '1s', 'from 100 to 2147483647 ms, got "1s"'],
    ['NATS_PING_INTERVAL_MS', '99', 'from 100 to 2147483647 ms, got 99'],
    ['NATS_PING_INTERVAL_MS', '2147483648', 'from 100 to 2147483647 ms, got 2147483648'],
    ['NATS_MAX_PINGS_OUT', '0', 'from 1 to 1000, got 0'],
    ['NATS_MAX_PINGS_OUT', '2.5', 'from 1 to 1000, got "2.5"'],
  ])('refuse %s=%s', (name, value, why) => {
    expect(() => natsFromEnv({ ...url, [name]: value })).toThrow(
      `portico: ${name} must be a whole number ${why}`,
    );
  });

  it.each([
    ['--nats-ping-interval-ms', '0', 'from 100 to 2147483647 ms, got 0'],
    ['--nats-ping-interval-ms', '-5', 'from 100 to 2147483647 ms, got "-5"'],
    ['--nats-max-pings-out', '1001', 'from 1 to 1000, got 1001'],
  ])('refuse %s %s', (flag, value, why) => {
    expect(() => readMicroserviceOptions(['m.js', `${flag}=${value}`], url)).toThrow(
      `${flag} must be a whole number ${why}`,
    );
  });

  it('are checked in a placement when the main server is made, before it connects', () => {
    const placed = (nats: object) => () =>
      createMainServer({
        logLevel: 'silent',
        microservices: [{ ...work, placement: { nats: { servers: ['nats://a:1'], ...nats } } }],
      });
    expect(placed({ pingIntervalMs: '1000' })).toThrow(
      'portico: the placement of microservice work: nats.pingIntervalMs must be a whole number from 100 to 2147483647 ms, got "1000"',
    );
    expect(placed({ maxPingsOut: 0 })).toThrow(
      'portico: the placement of microservice work: nats.maxPingsOut must be a whole number from 1 to 1000, got 0',
    );
  });

  it('are checked in a replica before it connects', async () => {
    const replica = startReplica(work, { servers: ['nats://127.0.0.1:1'], maxPingsOut: 1.5 });
    await expect(replica).rejects.toThrow(
      'portico: maxPingsOut must be a whole number from 1 to 1000, got 1.5',
    );
  });
});
