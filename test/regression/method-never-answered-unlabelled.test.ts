import { SlowService, slowApp } from '../hardening/support/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { scrape, total } from '../support/prometheus';

// A method whose every call timed out was counted as service and method `_unknown`: names were
// learned only from the microservice's own answers, and a 504 is none. The operator saw 504s and
// could not tell which method hung. The registered methods of a configured microservice are
// labels from the start now (docs/operating.md); paths that name no such method stay `_unknown`.
describe('a registered method that has never answered', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [slowApp('slow', undefined, new SlowService())],
      metrics: true,
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 200 } },
    });
  });
  afterAll(() => server.close());

  it('is counted under its own name, and an unknown one still under _unknown', async () => {
    const hung = await send(server.url, '/slow/slow/hang', { headers: json(), body: '1' });
    expect(hung.error?.code).toBe('DEADLINE_EXCEEDED');
    const unknown = await send(server.url, '/slow/slow/nope', { headers: json(), body: '1' });
    expect(unknown.status).toBe(404);
    const families = await scrape(server.url);
    const hang = { microservice: 'slow', service: 'slow', method: 'hang' };
    expect(total(families, 'portico_calls_total', { ...hang, status: '504' })).toBe(1);
    const nowhere = { microservice: 'slow', service: '_unknown', method: '_unknown' };
    expect(total(families, 'portico_calls_total', { ...nowhere, status: '504' })).toBe(0);
    expect(total(families, 'portico_calls_total', { ...nowhere, status: '404' })).toBe(1);
  });
});
