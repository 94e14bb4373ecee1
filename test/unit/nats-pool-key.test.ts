import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { natsPoolKey } from '../../src/transport/nats/nats-pool-key';

/** Option sets from small domains, so that equal pairs come often; unset options vary too. */
const optionSets = fc.record(
  {
    servers: fc.array(fc.constantFrom('nats://a:4222', 'nats://u:p@b:4222', 'tls://c:4443'), {
      maxLength: 2,
    }),
    token: fc.constantFrom('t1', 't2', undefined),
    user: fc.constantFrom('main', 'calc', undefined),
    password: fc.constantFrom('secret-one', 'secret-two', undefined),
    nkeySeedFile: fc.constantFrom('/a.nk', undefined),
    credsFile: fc.constantFrom('/a.creds', undefined),
    tls: fc.oneof(
      fc.boolean(),
      fc.record({ caFile: fc.constantFrom('/ca.pem', '/ca2.pem') }, { requiredKeys: [] }),
      fc.record({ caFile: fc.constant('/ca.pem'), certFile: fc.constant('/c.pem') }),
    ),
    inboxPrefix: fc.constantFrom('_INBOX_portico', '_INBOX_portico_relay', undefined),
    subjectPrefix: fc.constantFrom('portico', 'other', undefined),
    connectTimeoutMs: fc.constantFrom(1_000, 10_000, undefined),
  },
  { requiredKeys: ['servers'] },
);

/** Pairs of option sets: equal ones, ones that differ in one option, and unrelated ones. */
const pairs = fc.tuple(optionSets, optionSets, fc.nat()).chain(([a, other, pick]) => {
  const names = [...new Set([...Object.keys(a), ...Object.keys(other)])];
  const name = names[pick % names.length] ?? 'servers';
  const oneChanged = { ...a, [name]: (other as Record<string, unknown>)[name] };
  return fc.constantFrom<[object, object]>([a, { ...a }], [a, oneChanged], [a, other]);
});

/** The options without the ones set to `undefined`, at every depth: what "equal" means here. */
function set(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  const given = Object.entries(value).filter(([, member]) => member !== undefined);
  return Object.fromEntries(given.map(([key, member]) => [key, set(member)]));
}

/** The same options with their keys in reverse order, at every depth. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reversed(member)]),
  );
}

describe('natsPoolKey', () => {
  it('gives two option sets the same key exactly when they are equal', () => {
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const same = natsPoolKey(a) === natsPoolKey(b);
        expect(same).toBe(isDeepStrictEqual(set(a), set(b)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('does not depend on the order of the options, nor on options left undefined', () => {
    fc.assert(
      fc.property(optionSets, (options) => {
        expect(natsPoolKey(reversed(options) as object)).toBe(natsPoolKey(options));
        expect(natsPoolKey({ ...options, inboxPrefix: undefined })).toBe(
          natsPoolKey(set({ ...options, inboxPrefix: undefined }) as object),
        );
      }),
    );
  });

  it('tells apart every option, a new one included', () => {
    const base = { servers: ['nats://a:4222'], user: 'main' };
    const variants = [
      { ...base, servers: ['nats://a:4222', 'nats://b:4222'] },
      { ...base, servers: ['nats://b:4222', 'nats://a:4222'] },
      { ...base, password: 'x' },
      { ...base, tls: true },
      { ...base, tls: { caFile: '/ca.pem' } },
      { ...base, inboxPrefix: '_INBOX_portico' },
      { ...base, pingIntervalMs: 1_000 },
    ];
    const keys = new Set([base, ...variants].map(natsPoolKey));
    expect(keys.size).toBe(variants.length + 1);
  });

  it('keeps no secret in the clear', () => {
    const key = natsPoolKey({
      servers: ['nats://u:hunter2@a:4222'],
      token: 's3cret',
      password: 'pw',
    });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});
