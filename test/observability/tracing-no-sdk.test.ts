import { calc } from '../fixtures/services';
import { startTestServer } from '../support/harness';
import { json, send } from '../support/http';

describe('tracing on without an OpenTelemetry SDK', () => {
  it('serves calls as before, and writes no trace ids on the call line', async () => {
    const server = await startTestServer({ microservices: [calc], tracing: true });
    try {
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: json({ traceparent }),
        body: '{"a":2,"b":3}',
      });
      expect([answer.status, answer.text]).toEqual([200, '{"result":6}']);
    } finally {
      await server.close();
    }
    const line = server.logs.find((entry) => entry.msg === 'call');
    expect(line).toMatchObject({ target: 'calc/multiplier/mulTwo', status: 200 });
    expect(line).not.toHaveProperty('trace_id');
    expect(line).not.toHaveProperty('span_id');
  });
});
