import { startReplica } from 'portico';
import { readMicroserviceOptions } from '../../src/cli/microservice-options';
import { isReplicaId } from '../../src/protocol/replica-id';
import { defaultReplicaId } from '../../src/replica/replica-id';
import { calc } from '../fixtures/services';

describe('portico microservice --tracing and --admin-port', () => {
  it('are read when given, and absent otherwise', () => {
    const base = ['m.js', '--nats', 'nats://a:1'];
    expect(readMicroserviceOptions([...base, '--tracing', '--admin-port', '9464'], {})).toEqual({
      module: 'm.js',
      servers: ['nats://a:1'],
      development: false,
      tracing: true,
      adminPort: 9464,
    });
    const plain = readMicroserviceOptions(base, {});
    expect(plain).not.toHaveProperty('tracing');
    expect(plain).not.toHaveProperty('adminPort');
  });

  it.each(['x', '65536', '1.5', ''])('refuse --admin-port %j', (port) => {
    expect(() =>
      readMicroserviceOptions(['m.js', '--nats', 'n', '--admin-port', port], {}),
    ).toThrow(`--admin-port must be a port number, got ${port}`);
  });
});

describe('portico microservice --replica-id', () => {
  const base = ['m.js', '--nats', 'nats://a:1'];

  it('is read when given, and absent otherwise (the replica then takes <hostname>:<pid>)', () => {
    expect(readMicroserviceOptions([...base, '--replica-id', 'calc-7f9c:1'], {})).toMatchObject({
      replicaId: 'calc-7f9c:1',
    });
    expect(readMicroserviceOptions(base, {})).not.toHaveProperty('replicaId');
  });

  // "calc." and "a..b" were taken: the replica's own subject then has an empty token, NATS
  // refused its subscription (a NATS_PROTOCOL_ERR in its log), and steered calls found nobody.
  it.each(['', 'bad id', '_other', 'é', 'x'.repeat(129), 'calc.', 'a..b'])('refuses %j', (id) => {
    expect(() => readMicroserviceOptions([...base, '--replica-id', id], {})).toThrow(
      `--replica-id must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-", the first a letter or digit, a "." neither last nor next to another, got ${JSON.stringify(id)}`,
    );
  });
});

describe('portico microservice arguments that node:util cannot read', () => {
  const base = ['m.js', '--nats', 'nats://127.0.0.1:4222'];
  it.each([
    [['--watch'], 'unknown option --watch: portico --help lists the options'],
    [['--concurrency'], '--concurrency needs a value'],
    [
      ['--max-waiting', '-1'],
      '--max-waiting needs a value: write --max-waiting=<value> for one that starts with -',
    ],
    [['--max-waiting=-1'], '--max-waiting must be a whole number of at least 1, got -1'],
    [['--tracing=true'], '--tracing takes no value: write --tracing alone'],
  ])('%j are told in the words of portico start', (args, message) => {
    expect(() => readMicroserviceOptions([...base, ...args], {})).toThrow(new Error(message));
  });
});

describe('defaultReplicaId', () => {
  it('is <hostname>:<pid>, with the host name made safe and cut to fit', () => {
    expect(defaultReplicaId('calc-7f9c-x2l4q', 1)).toBe('calc-7f9c-x2l4q:1');
    expect(defaultReplicaId('my host_é.lan', 42)).toBe('my-host_-.lan:42');
    expect(defaultReplicaId('-.weird', 7)).toBe('weird:7');
    expect(defaultReplicaId('', 7)).toBe('replica:7');
    expect(defaultReplicaId('a..b.', 7)).toBe('a.b.:7');
    const long = defaultReplicaId('h'.repeat(300), 4_194_304);
    expect(long).toBe(`${'h'.repeat(120)}:4194304`);
    const dots = defaultReplicaId('a..b.', 7);
    for (const id of [long, dots, defaultReplicaId(), defaultReplicaId('ü', 1)]) {
      expect(isReplicaId(id)).toBe(true);
    }
  });
});

describe('startReplica with a replicaId that breaks the rule', () => {
  it('throws before it connects', async () => {
    await expect(
      startReplica(calc, { servers: ['nats://127.0.0.1:1'], replicaId: 'two words' }),
    ).rejects.toThrow('portico: the replica id "two words" is not 1 to 128 characters');
  });
});
