import fc from 'fast-check';
import {
  createMainServer,
  type MicroserviceDefinition,
  servletApp,
  startReplica,
  staticFiles,
} from 'portico';
import { calc } from '../fixtures/services';

// Bug: a native microservice named so that NATS subjects cannot carry it (`a.b`, `my calc`, `a*b`)
// started in one process and was refused only once placed on NATS, so moving it out of the
// process meant renaming it; and names that a URL path does not carry as written (`my calc`,
// `a:b`, `é`) started and then answered every call 404. Now one rule holds for every name, in
// every placement and in a replica, at start, with a message naming the microservice and the rule.
const RULE =
  'must be 1 to 128 characters of A-Z, a-z, 0-9, "_" and "-", the first a letter or digit';

const BAD = ['a.b', 'my calc', 'a*b', 'a>b', 'é', 'a:b', 'a%20b', '_unknown', 'x'.repeat(129)];
const GOOD = ['calc', 'calc-2', 'my_calc', 'Calc9', '9lives', 'x'.repeat(128)];
const shown = (name: string) => (name.length > 20 ? `${name.length} characters` : name);
const NATS = { nats: { servers: ['nats://127.0.0.1:1'] } };

const start = (microservice: MicroserviceDefinition) => () =>
  createMainServer({ logLevel: 'silent', microservices: [microservice] });
const refusal = (name: string) => `microservice name ${JSON.stringify(name)} ${RULE}`;

describe('a microservice name', () => {
  it.each(BAD.map((name) => [shown(name), name]))(
    '%j is refused in one process, as on NATS',
    (_, name) => {
      expect(start({ ...calc, name })).toThrow(refusal(name));
      expect(start({ ...calc, name, placement: NATS })).toThrow(refusal(name));
    },
  );

  it.each(BAD.map((name) => [shown(name), name]))(
    '%j is refused by a replica before it connects',
    async (_, name) => {
      await expect(startReplica({ ...calc, name }, { servers: NATS.nats.servers })).rejects.toThrow(
        refusal(name),
      );
    },
  );

  it.each(BAD.map((name) => [shown(name), name]))(
    '%j is refused for a servlet app and static files too',
    (_, name) => {
      expect(start(servletApp({ name, app: async () => {} }))).toThrow(refusal(name));
      expect(start(staticFiles({ name, dir: __dirname }))).toThrow(refusal(name));
    },
  );

  it.each(GOOD.map((name) => [shown(name), name]))('%j is taken', async (_, name) => {
    const main = createMainServer({ logLevel: 'silent', microservices: [{ ...calc, name }] });
    const port = await main.listen(0, '127.0.0.1');
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/${name}/calculator/add`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":2,"b":3}',
      });
      expect(await answer.text()).toBe('{"result":5}');
    } finally {
      await main.close();
    }
  });

  it('is taken only where a URL path and a NATS subject token carry it as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (name) => {
        let taken = true;
        try {
          start({ ...calc, name })();
        } catch {
          taken = false;
        }
        if (!taken) return;
        expect(encodeURIComponent(name)).toBe(name);
        expect(name).not.toMatch(/[\s.*>]/);
        expect(['', '.', '..', '-', '_unknown', '_other']).not.toContain(name);
      }),
      { numRuns: 300 },
    );
  });
});
