import { nativeApp } from 'portico';
import calc from '../../examples/calc';
import { CalculatorService } from '../../examples/calc/calculator.service';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

const UNKNOWN = [
  [
    '/calk/calculator/add',
    'no such remote method: there is no microservice "calk"; the native microservices are calc',
  ],
  [
    '/calc/add',
    'no such remote method: the path must be /{microservice}/{service}/{method}, got "/calc/add"',
  ],
  [
    '/calc/calculater/add',
    'no such remote method: microservice calc has no service "calculater"; its services are multiplier, calculator',
  ],
  [
    '/calc/calculator/plus',
    'no such remote method: service calculator has no remote method "plus"; its remote methods are add, sub, mul, div, sumOfProducts',
  ],
] as const;

describe.each(PLACEMENTS)('a 404 (%s)', (placement) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(UNKNOWN)('in development mode names what is unknown in %s', async (path, message) => {
    server = await startTestServer({ microservices: [calc], development: true }, placement);
    const answer = await send(server.url, path, { headers: json(), body: '{}' });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error).toMatchObject({ code: 'METHOD_NOT_FOUND', message });
  });

  it('outside development mode says the same whatever is unknown', async () => {
    server = await startTestServer({ microservices: [calc] }, placement);
    for (const [path] of UNKNOWN) {
      const answer = await send(server.url, path, { headers: json(), body: '{}' });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text).error).toMatchObject({
        code: 'METHOD_NOT_FOUND',
        message: 'no such remote method',
      });
    }
  });

  it('repeats no more than 80 characters of what was asked', async () => {
    server = await startTestServer({ microservices: [calc], development: true }, placement);
    const answer = await send(server.url, `/calc/${'x'.repeat(5000)}/add`, {
      headers: json(),
      body: '{}',
    });
    expect(JSON.parse(answer.text).error.message).toBe(
      `no such remote method: microservice calc has no service "${'x'.repeat(80)}…"; its services are multiplier, calculator`,
    );
  });
});

describe('one service class deployed in two microservices', () => {
  it('is served under both names', async () => {
    const server = await startTestServer({
      microservices: [calc, nativeApp({ name: 'calc2', services: [CalculatorService] })],
    });
    try {
      for (const name of ['calc', 'calc2']) {
        const answer = await send(server.url, `/${name}/calculator/add`, {
          headers: json(),
          body: '{"a":7,"b":2}',
        });
        expect(answer).toMatchObject({ status: 200, text: '{"result":9}' });
      }
    } finally {
      await server.close();
    }
  });
});
