import { calc } from '../fixtures/services';
import { SlowService, slowApp } from '../hardening/support/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { type Families, samples, scrape, total } from '../support/prometheus';
import { waitFor } from '../support/wait';

const types = new Map<string, string>();

const MUL_TWO = '/calc/multiplier/mulTwo';

describe('metrics at /-/metrics', () => {
  let server: TestServer;
  let slow: SlowService;
  let families: Families;
  let invalidCode: string;

  beforeAll(async () => {
    slow = new SlowService();
    server = await startTestServer({
      microservices: [calc, slowApp('slow', 1, slow)],
      metrics: true,
    });
    const call = (path: string, body: string, method = 'POST') =>
      send(server.url, path, { method, headers: json(), body });
    for (let i = 0; i < 3; i++) expect((await call(MUL_TWO, '{"a":2,"b":3}')).status).toBe(200);
    const invalid = await call(MUL_TWO, '{"a":"two","b":3}');
    expect(invalid.status).toBe(400);
    invalidCode = invalid.error?.code ?? '';
    expect((await call('/calc/calculator/div', '{"a":1,"b":0}')).status).toBe(400);
    expect((await call('/calc/multiplier/nope', '{}')).status).toBe(404);
    expect((await call('/calc/multiplier/nope', '{}')).status).toBe(404);
    expect((await call('/nowhere/a/b', '{}')).status).toBe(404);
    expect((await call(MUL_TWO, '', 'GET')).status).toBe(405);
    const long = call('/slow/slow/sleep', '200');
    await waitFor(() => slow.started === 1);
    expect((await call('/slow/slow/quick', '1')).error?.code).toBe('OVERLOADED');
    expect((await long).status).toBe(200);
    families = await scrape(server.url);
    for (const [name, family] of families) types.set(name, family.type);
  });
  afterAll(() => server.close());

  const calls = (labels: Record<string, string>) => total(families, 'portico_calls_total', labels);

  it('counts calls by microservice, service, method, status and code', () => {
    const mulTwo = { microservice: 'calc', service: 'multiplier', method: 'mulTwo' };
    expect(calls({ ...mulTwo, status: '200', code: 'OK' })).toBe(3);
    expect(calls({ ...mulTwo, status: '400', code: invalidCode })).toBe(1);
    expect(calls({ ...mulTwo, status: '405', code: 'METHOD_NOT_ALLOWED' })).toBe(1);
    const div = { microservice: 'calc', service: 'calculator', method: 'div' };
    expect(calls({ ...div, status: '400', code: 'DIVISION_BY_ZERO' })).toBe(1);
    const unknown = { service: '_unknown', method: '_unknown', code: 'METHOD_NOT_FOUND' };
    expect(calls({ ...unknown, microservice: 'calc', status: '404' })).toBe(2);
    expect(calls({ ...unknown, microservice: '_unknown', status: '404' })).toBe(1);
    expect(calls({ microservice: 'slow', status: '200', code: 'OK', method: 'sleep' })).toBe(1);
    expect(calls({ microservice: 'slow', status: '503', code: 'OVERLOADED' })).toBe(1);
    expect(calls({})).toBe(11);
  });

  it('counts slot refusals, and no call is in flight after the answers', () => {
    expect(total(families, 'portico_calls_overloaded_total', { microservice: 'slow' })).toBe(1);
    expect(total(families, 'portico_calls_in_flight')).toBe(0);
    expect(samples(families, 'portico_calls_in_flight', { microservice: 'calc' })).toHaveLength(1);
  });

  it('has a duration histogram per method and body size histograms per microservice', () => {
    const mulTwo = { microservice: 'calc', service: 'multiplier', method: 'mulTwo' };
    const duration = 'portico_call_duration_seconds';
    expect(types.get(duration)).toBe('histogram');
    expect(total(families, `${duration}_count`, mulTwo)).toBe(5);
    expect(total(families, `${duration}_bucket`, { ...mulTwo, le: '+Inf' })).toBe(5);
    expect(total(families, `${duration}_sum`, mulTwo)).toBeGreaterThan(0);
    const calcOnly = { microservice: 'calc' };
    // 3 × 13 bytes, 17, 13 (div), 2 + 2 (nope); the 405 reads no body.
    expect(total(families, 'portico_request_body_bytes_sum', calcOnly)).toBe(3 * 13 + 17 + 13 + 4);
    expect(total(families, 'portico_response_body_bytes_count', calcOnly)).toBe(8);
    const small = { ...calcOnly, le: '64' };
    expect(total(families, 'portico_response_body_bytes_bucket', small)).toBeGreaterThanOrEqual(3);
  });

  it('includes the process metrics of Node.js', () => {
    expect(families.has('process_cpu_seconds_total')).toBe(true);
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
