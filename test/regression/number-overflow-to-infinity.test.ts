import { probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Bug: a number field took `1e400`, which overflows to Infinity: JSON answered the field as null
// and XML as "Infinity", neither of which reads back. A declared number holds finite values.
describe('a number beyond the range of a double is a 400 naming the field', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [probe] });
  });
  afterAll(() => server.close());

  const profile = (score: string) => `{"name":"n","age":1,"score":${score},"active":true}`;

  it.each(['1e400', '-1e400', '1E309'])('JSON %s', async (score) => {
    const answer = await send(server.url, '/probe/probe/profile', {
      headers: json(),
      body: profile(score),
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('INVALID_ARGUMENT');
    expect(answer.error?.message).toContain('field score');
    expect(answer.error?.message).toContain('beyond the range of a number');
  });

  it('libA JSON, whose numbers may come quoted', async () => {
    const answer = await send(server.url, '/probe/probe/profile', {
      headers: json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' }),
      body: `{"profile":${profile('"1e400"')}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain('field score');
  });

  it('XML', async () => {
    const answer = await send(server.url, '/probe/probe/profile', {
      headers: xml('libB'),
      body: '<Profile><name>n</name><age>1</age><score>1e400</score><active>true</active></Profile>',
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain('field score');
  });

  it('keeps taking large finite numbers and tiny ones', async () => {
    const answer = await send(server.url, '/probe/probe/profile', {
      headers: json(),
      body: profile('1e308'),
    });
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.text).score).toBe(1e308);
    const tiny = await send(server.url, '/probe/probe/profile', {
      headers: json(),
      body: profile('1e-400'),
    });
    expect(JSON.parse(tiny.text).score).toBe(0);
  });
});
