import { calc } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

const SEQUENCES = {
  libBJson: 'libBParamArrayJsonInOutSequence',
  libAJson: 'libAParamArrayJsonInOutSequence',
  libBXml: 'libBParamArrayXmlInOutSequence',
  libAXml: 'libAParamArrayXmlInOutSequence',
} as const;

/**
 * docs/design.md §3: sequence, ROA mulTwo request and response, ROA mulThree response, RMC mulOne
 * request.
 */
const TABLE = [
  ['libBJson', '{"a":2,"b":3}', '{"result":6}', '6', '[2,3]'],
  [
    'libAJson',
    '{"mulInput":{"a":2,"b":3}}',
    '{"mulOutput":{"result":6}}',
    '{"int":6}',
    '[{"int":2},{"int":3}]',
  ],
  [
    'libBXml',
    '<MulInput><a>2</a><b>3</b></MulInput>',
    '<MulOutput><result>6</result></MulOutput>',
    '<int>6</int>',
    '<paramArray><int>2</int><int>3</int></paramArray>',
  ],
  [
    'libAXml',
    '<mulInput><a>2</a><b>3</b></mulInput>',
    '<mulOutput><result>6</result></mulOutput>',
    '<int>6</int>',
    '<paramArray><int>2</int><int>3</int></paramArray>',
  ],
] as const;

/** The mulFour response (RMC, two ints in, MulOutput out) per sequence. */
const MUL_FOUR = {
  libBJson: '{"result":6}',
  libAJson: '{"mulOutput":{"result":6}}',
  libBXml: '<MulOutput><result>6</result></MulOutput>',
  libAXml: '<mulOutput><result>6</result></mulOutput>',
} as const;

describe.each(PLACEMENTS)('the wire table (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] }, placement);
  });
  afterAll(() => server.close());

  function headersFor(key: keyof typeof SEQUENCES, apiId?: 'ROA' | 'RMC') {
    const type = key.endsWith('Xml') ? 'application/xml' : 'application/json';
    return {
      'Content-Type': type,
      Accept: type,
      'X-SVC-Sequence-Name': SEQUENCES[key],
      ...(apiId ? { 'X-SVC-API-ID': apiId } : {}),
    };
  }

  describe.each(TABLE)('%s', (key, mulTwoIn, mulTwoOut, mulThreeOut, mulOneIn) => {
    const family = key.endsWith('Xml') ? 'application/xml' : 'application/json';

    it('calls mulTwo through ROA', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: headersFor(key, 'ROA'),
        body: mulTwoIn,
      });
      expect(answer).toMatchObject({ status: 200, text: mulTwoOut });
      expect(answer.headers['content-type']).toBe(`${family}; charset=utf-8`);
    });

    it('calls mulThree through ROA with the default API id', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulThree', {
        headers: headersFor(key),
        body: mulTwoIn,
      });
      expect(answer).toMatchObject({ status: 200, text: mulThreeOut });
    });

    it('calls mulOne through RMC', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulOne', {
        headers: headersFor(key, 'RMC'),
        body: mulOneIn,
      });
      expect(answer).toMatchObject({ status: 200, text: mulThreeOut });
    });

    it('calls mulFour through RMC', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulFour', {
        headers: headersFor(key, 'RMC'),
        body: mulOneIn,
      });
      expect(answer).toMatchObject({ status: 200, text: MUL_FOUR[key] });
    });

    it('calls mulTwo through RMC with a one-element array', async () => {
      const body = key.endsWith('Xml') ? `<paramArray>${mulTwoIn}</paramArray>` : `[${mulTwoIn}]`;
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: headersFor(key, 'RMC'),
        body,
      });
      expect(answer).toMatchObject({ status: 200, text: mulTwoOut });
    });
  });

  it('uses libBParamArrayJsonInOutSequence and ROA when no header says otherwise', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(answer).toMatchObject({ status: 200, text: '{"result":6}' });
  });

  describe('the calculator', () => {
    it.each([
      ['add', 7, 2, 9],
      ['sub', 7, 2, 5],
      ['mul', 7, -2, -14],
      ['div', 7, 2, 3],
      ['div', -7, 2, -3],
    ])('%s(%i, %i) is %i', async (op, a, b, result) => {
      const answer = await send(server.url, `/calc/calculator/${op}`, {
        headers: json(),
        body: JSON.stringify({ a, b }),
      });
      expect(answer).toMatchObject({ status: 200, text: `{"result":${result}}` });
    });

    it('answers division by zero with the service error 400 DIVISION_BY_ZERO', async () => {
      const answer = await send(server.url, '/calc/calculator/div', {
        headers: json(),
        body: '{"a":1,"b":0}',
      });
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        status: 400,
        code: 'DIVISION_BY_ZERO',
        message: 'b must not be 0',
      });
    });

    it('answers in libA XML with the operation aliases', async () => {
      const answer = await send(server.url, '/calc/calculator/add', {
        headers: headersFor('libAXml'),
        body: '<operationInput><a>7</a><b>2</b></operationInput>',
      });
      expect(answer).toMatchObject({
        status: 200,
        text: '<operationOutput><result>9</result></operationOutput>',
      });
    });
  });
});
