import fc from 'fast-check';
import { natsFromEnv } from 'portico';
import { readMicroserviceOptions } from '../../src/cli/microservice-options';
import { clientOptions } from '../../src/transport/nats/client-options';
import { redactUrl } from '../../src/transport/nats/nats-options';

describe('NATS URLs with credentials', () => {
  it.each([
    ['nats://u:p@127.0.0.1:4222', 'nats://127.0.0.1:4222'],
    ['nats://t0ken@host:4222', 'nats://host:4222'],
    ['tls://a%40b:p%3Aw@host', 'tls://host'],
    ['u:p@host:4222', 'host:4222'],
    ['nats://host:4222', 'nats://host:4222'],
  ])('%s is shown as %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('never shows what the user information holds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9:%._~-]{1,40}$/), (secret) => {
        expect(redactUrl(`nats://${secret}@host:4222`)).toBe('nats://host:4222');
      }),
    );
  });

  it('moves a user and password, or a token, from the URL to the authenticator', () => {
    const withUser = clientOptions({ servers: ['nats://a%40b:p%3Aw@host:1', 'nats://other:2'] });
    expect(withUser.servers).toEqual(['nats://host:1', 'nats://other:2']);
    expect(authOf(withUser.authenticator)).toEqual({ user: 'a@b', pass: 'p:w' });
    const withToken = clientOptions({ servers: ['nats://s3cret@host:1'] });
    expect(authOf(withToken.authenticator)).toEqual({ auth_token: 's3cret' });
  });

  it('says which file it cannot read, and not what is in it', () => {
    expect(() => clientOptions({ servers: ['h'], credsFile: '/nonexistent/user.creds' })).toThrow(
      'cannot read the NATS creds file /nonexistent/user.creds: ENOENT',
    );
  });
});

describe('NATS_* variables and flags', () => {
  const env = {
    NATS_URL: 'nats://a:1, nats://b:2',
    NATS_USER: 'svc',
    NATS_PASSWORD: 'pw',
    NATS_CA: 'ca.pem',
    NATS_INBOX_PREFIX: '_INBOX_svc',
  };

  it('natsFromEnv reads the variables the nats tool reads', () => {
    expect(natsFromEnv(env)).toEqual({
      servers: ['nats://a:1', 'nats://b:2'],
      user: 'svc',
      password: 'pw',
      inboxPrefix: '_INBOX_svc',
      tls: { caFile: 'ca.pem' },
    });
    expect(natsFromEnv({ NATS_URL: 'n:1', NATS_TLS: '1' }).tls).toEqual({});
    expect(() => natsFromEnv({})).toThrow('NATS_URL is not set');
  });

  it('refuses a NATS_TLS that is neither on nor off, rather than connect without TLS', () => {
    expect(natsFromEnv({ NATS_URL: 'n:1', NATS_TLS: 'true' }).tls).toEqual({});
    for (const off of ['0', 'false', '']) {
      expect(natsFromEnv({ NATS_URL: 'n:1', NATS_TLS: off }).tls).toBeUndefined();
    }
    for (const unclear of ['yes', 'on', 'TRUE', ' 1']) {
      expect(() => natsFromEnv({ NATS_URL: 'n:1', NATS_TLS: unclear })).toThrow(
        `portico: NATS_TLS must be 1 or true to require TLS (0, false or empty not to), got ${JSON.stringify(unclear)}`,
      );
    }
  });

  it('portico microservice flags win over the variables', () => {
    const args = ['m.js', '--nats-user', 'r', '--nats-cert', 'c.pem', '--nats-key', 'k.pem'];
    expect(readMicroserviceOptions([...args, '--max-call-ms', '5000'], env)).toMatchObject({
      servers: ['nats://a:1', 'nats://b:2'],
      user: 'r',
      password: 'pw',
      tls: { caFile: 'ca.pem', certFile: 'c.pem', keyFile: 'k.pem' },
      maxCallMs: 5000,
    });
    expect(readMicroserviceOptions([...args, '--drain-grace-ms', '25000'], env).drainGraceMs).toBe(
      25_000,
    );
    const plain = readMicroserviceOptions(['m.js', '--nats', 'n:1', '--nats-tls'], {});
    expect(plain.tls).toEqual({});
    const relay = ['m.js', '--nats', 'n:1', '--nats-inbox-prefix', '_INBOX_r'];
    expect(readMicroserviceOptions(relay, env).inboxPrefix).toBe('_INBOX_r');
  });

  it.each([
    ['--max-call-ms', '0'],
    ['--max-waiting', '1e3'],
    ['--max-args', '1.5'],
    ['--max-body-bytes', 'lots'],
    ['--drain-grace-ms', '2.5'],
  ])('refuses %s %s', (flag, value) => {
    expect(() => readMicroserviceOptions(['m.js', '--nats', 'n:1', flag, value], {})).toThrow(
      `${flag} must be a whole number of at least 1, got ${value}`,
    );
  });

  it('refuses a drain grace that no timer can wait', () => {
    const args = ['m.js', '--nats', 'n:1', '--drain-grace-ms', '2147483648'];
    expect(() => readMicroserviceOptions(args, {})).toThrow(
      '--drain-grace-ms must be at most 2147483647',
    );
  });

  it('has no flag for a password or a token, which every user could read in the process list', () => {
    for (const flag of ['--nats-password', '--nats-token']) {
      expect(() => readMicroserviceOptions(['m.js', '--nats', 'n:1', flag, 'x'], {})).toThrow(
        `unknown option ${flag}: portico --help lists the options`,
      );
    }
  });
});

function authOf(authenticator: unknown): unknown {
  const list = authenticator as ((nonce?: string) => unknown)[];
  return Object.assign({}, ...list.map((auth) => auth()));
}
