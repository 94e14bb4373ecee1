import { calc, probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Bug (issue 11, finding 5): in JSON a key given twice was read as the last one given, while XML
// refuses a field given twice. Both families now answer a 400 that names the field.
describe('a field given twice', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc, probe] });
  });
  afterAll(() => server.close());

  const libA = (extra: Record<string, string> = {}) =>
    json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence', ...extra });
  const rmc = { 'X-SVC-API-ID': 'RMC' };

  it.each([
    ['libB JSON, ROA', json(), '{"a":2,"b":3,"a":4}', 'a'],
    ['libB JSON, RMC', json(rmc), '[{"a":2,"b":3,"b":4}]', 'b'],
    ['libA JSON, ROA', libA(), '{"mulInput":{"a":2,"b":3,"a":4}}', 'a'],
    ['libA JSON, RMC', libA(rmc), '[{"mulInput":{"b":3,"a":2,"b":4}}]', 'b'],
    ['an escaped spelling of the same key', json(), '{"a":2,"b":3,"\\u0061":4}', 'a'],
    ['libB XML, ROA', xml('libB'), '<MulInput><a>2</a><b>3</b><a>4</a></MulInput>', 'a'],
    [
      'libA XML, RMC',
      xml('libA', rmc),
      '<paramArray><mulInput><b>3</b><a>2</a><b>4</b></mulInput></paramArray>',
      'b',
    ],
  ])('is a 400 naming the field in %s', async (_, headers, body, field) => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', { headers, body });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `argument 0 (MulInput): field ${field}: field is given twice`,
    });
  });

  it('is named by its path when nested, in JSON as in XML', async () => {
    const member = (name: string) => `{"name":${name},"age":1,"score":1,"active":true}`;
    const jsonAnswer = await send(server.url, '/probe/probe/team', {
      headers: json(),
      body: `{"title":"t","lead":${member('"a"')},"members":[${member('"b"')},${member('"c","name":"d"')}]}`,
    });
    const fields = (name: string) =>
      `<name>${name}</name><age>1</age><score>1</score><active>true</active>`;
    const xmlAnswer = await send(server.url, '/probe/probe/team', {
      headers: xml('libB'),
      body: `<Team><title>t</title><lead>${fields('a')}</lead><members><Profile>${fields('b')}</Profile><Profile>${fields('c')}<name>d</name></Profile></members></Team>`,
    });
    expect(jsonAnswer.status).toBe(400);
    expect(jsonAnswer.error?.message).toBe(
      'argument 0 (Team): field members[1].name: field is given twice',
    );
    expect(xmlAnswer.error?.message).toBe(jsonAnswer.error?.message);
  });

  it('is refused for a libA wrapper given twice', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: libA(),
      body: '{"mulInput":{"a":2,"b":3},"mulInput":{"a":4,"b":5}}',
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain('the wrapper "mulInput" is given twice');
  });

  it('leaves the same key in different objects alone', async () => {
    const nested = await send(server.url, '/probe/probe/team', {
      headers: json(),
      body: '{"title":"t","lead":{"name":"a","age":1,"score":1,"active":true},"members":[{"name":"a","age":1,"score":1,"active":true}]}',
    });
    expect(nested.status).toBe(200);
  });
});
