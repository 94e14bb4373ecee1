import { calc } from '../fixtures/services';
import { docSection } from '../support/docs';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { waitFor } from '../support/wait';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The call line that docs/operating.md shows under "Logs". */
function documentedLine(): Record<string, unknown> {
  const block = /```json\n(.*)\n```/.exec(docSection('docs/operating.md', 'Logs'))?.[1];
  if (!block) throw new Error('docs/operating.md has no json block under "Logs"');
  return JSON.parse(block);
}

describe('the call lines of the log', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  /** Sends a call and waits for its line, found by the request id the answer carries. */
  async function lineOf(path: string, headers: Record<string, string>) {
    const answer = await send(server.url, path, { headers: json(headers), body: '{"a":2,"b":3}' });
    const requestId = answer.headers['x-svc-request-id'];
    await waitFor(() => server.logs.some((line) => line.requestId === requestId));
    return { answer, line: server.logs.find((line) => line.requestId === requestId) ?? {} };
  }

  it('has the fields that docs/operating.md shows, with the request id the caller sent', async () => {
    const { line } = await lineOf('/calc/multiplier/mulTwo', { 'X-SVC-Request-ID': 'my-call-1' });
    const documented = documentedLine();
    expect(Object.keys(line).sort()).toEqual(Object.keys(documented).sort());
    for (const [key, value] of Object.entries(documented))
      expect(typeof line[key]).toBe(typeof value);
    expect(line).toMatchObject({ requestId: 'my-call-1', target: 'calc/multiplier/mulTwo' });
    expect(line).toMatchObject({ status: 200, msg: 'call', level: 30, name: 'portico' });
  });

  it('logs a call without a request id, or with a wrong one, under a fresh UUID', async () => {
    const none = await lineOf('/calc/multiplier/mulTwo', {});
    expect(none.line.requestId).toMatch(UUID);
    const wrong = await lineOf('/calc/multiplier/mulTwo', { 'X-SVC-Request-ID': 'a b' });
    expect(wrong.answer.status).toBe(400);
    expect(wrong.answer.error?.code).toBe('INVALID_HEADER');
    expect(wrong.line).toMatchObject({ status: 400, requestId: expect.stringMatching(UUID) });
  });

  it('writes the path as the client sent it, escaped, and nothing of the headers', async () => {
    const { line } = await lineOf('/calc/multiplier/%1b%0a%22x', { 'X-SVC-User': 'ada\u00a0' });
    expect(line).toMatchObject({ status: 404, target: 'calc/multiplier/%1b%0a%22x' });
    expect(JSON.stringify(server.logs)).not.toContain('ada');
  });
});
