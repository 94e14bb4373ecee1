import { createClient, withCallOptions } from '../../src/client';

interface Echo {
  echo(text: string): Promise<string>;
}

const options = { baseUrl: 'http://127.0.0.1:9', microservice: 'm', service: 'echo' };

describe('a client call timeout', () => {
  it.each([Number.NaN, 0, -5, Number.POSITIVE_INFINITY, 2 ** 31])(
    'refuses timeoutMs %s, which no timer can keep, when the client is made',
    (timeoutMs) => {
      const message = /timeoutMs must be a number of ms above 0 and at most 2147483647/;
      expect(() => createClient<Echo>({ ...options, timeoutMs })).toThrow(message);
      const client = createClient<Echo>(options);
      expect(() => withCallOptions(client, { timeoutMs })).toThrow(message);
    },
  );

  it('takes a timeout a timer can keep, and none', () => {
    const client = createClient<Echo>({ ...options, timeoutMs: 0.5 });
    expect(typeof withCallOptions(client, { timeoutMs: 2 ** 31 - 1 }).echo).toBe('function');
    expect(typeof withCallOptions(client, {}).echo).toBe('function');
  });
});
