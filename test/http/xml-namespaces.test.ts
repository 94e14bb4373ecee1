import { calc } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { send, xml } from '../support/http';

const RMC = { 'X-SVC-API-ID': 'RMC' };
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** A message as the client reads it out of the XML envelope. */
const unescaped = (text = '') =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe.each(PLACEMENTS)('XML namespaces over HTTP, libA XML (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc], logLevel: 'silent' }, placement);
  });
  afterAll(() => server.close());

  const roa = (body: string) =>
    send(server.url, '/calc/multiplier/mulTwo', { headers: xml('libA'), body });
  const rmc = (body: string) =>
    send(server.url, '/calc/multiplier/mulOne', { headers: xml('libA', RMC), body });

  it('takes prefixes that are in scope, in ROA and in RMC arguments read alone', async () => {
    const declared =
      '<mulInput xmlns:p="urn:p" p:note="x"><a>2</a><b xml:lang="en">3</b></mulInput>';
    expect(await roa(declared)).toMatchObject({
      status: 200,
      text: '<mulOutput><result>6</result></mulOutput>',
    });
    // The arguments reach the method one by one, each with the root's declarations it uses.
    const params = `<paramArray xmlns:p="urn:p" xmlns:i="${XSI}"><int p:x="1">2</int><int><!-- p:y -->3</int></paramArray>`;
    expect(await rmc(params)).toMatchObject({ status: 200, text: '<int>6</int>' });
    // libB reads an argument whatever its root's name, prefixed ones too.
    const prefixed = '<paramArray xmlns:p="urn:p"><int>2</int><p:int>3</p:int></paramArray>';
    const libB = { headers: xml('libB', RMC), body: prefixed };
    expect(await send(server.url, '/calc/multiplier/mulOne', libB)).toMatchObject({
      status: 200,
      text: '<int>6</int>',
    });
  });

  it.each([
    [
      '<mulInput p:note="x"><a>2</a><b>3</b></mulInput>',
      'prefix p of p:note is not declared (an attribute of <mulInput> at offset 0)',
    ],
    [
      '<mulInput><a>2</a><p:b>3</p:b></mulInput>',
      'prefix p of p:b is not declared (<p:b> at offset 18)',
    ],
    [
      '<mulInput><a xmlns:p="urn:p">2</a><b p:x="">3</b></mulInput>',
      'prefix p of p:x is not declared (an attribute of <b> at offset 34)',
    ],
    [
      '<mulInput xmlns:p="urn:u" xmlns:q="urn:u" p:x="" q:x=""><a>2</a><b>3</b></mulInput>',
      'attribute {urn:u}x is given twice in <mulInput> at offset 0, as p:x and q:x',
    ],
    [
      '<mulInput><a:b:c/><a>2</a><b>3</b></mulInput>',
      'name a:b:c at offset 11 has more than one colon',
    ],
    ['<mulInput xmlns:p=""><a>2</a><b>3</b></mulInput>', 'xmlns:p="" undeclares prefix p'],
  ])('answers %s in ROA with 400 MALFORMED_BODY, and keeps serving', async (body, message) => {
    const refused = await roa(body);
    expect([refused.status, refused.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(unescaped(refused.error?.message)).toContain(`not accepted XML: ${message}`);
    expect(refused.text).not.toMatch(/at \S+\.js/);
    expect((await roa('<mulInput><a>2</a><b>3</b></mulInput>')).status).toBe(200);
  });

  it.each([
    [
      '<paramArray><int>2</int><int p:x="">3</int></paramArray>',
      'prefix p of p:x is not declared (an attribute of <int> at offset 24)',
    ],
    [
      '<paramArray><int xmlns:p="urn:p">2</int><p:int>3</p:int></paramArray>',
      'prefix p of p:int is not declared (<p:int> at offset 40)',
    ],
    [
      '<paramArray><int>2</int><int xmlns:xml="urn:x">3</int></paramArray>',
      'only prefix xml may be bound to',
    ],
    [
      '<paramArray><:int>2</:int><int>3</int></paramArray>',
      'name :int at offset 13 has an empty prefix',
    ],
  ])('answers %s in RMC with 400 MALFORMED_BODY, and keeps serving', async (body, message) => {
    const refused = await rmc(body);
    expect([refused.status, refused.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(unescaped(refused.error?.message)).toContain(`RMC body: ${message}`);
    expect(await rmc('<paramArray><int>2</int><int>3</int></paramArray>')).toMatchObject({
      status: 200,
      text: '<int>6</int>',
    });
  });

  it('refuses arguments that would repeat a long namespace of <paramArray> past its bound', async () => {
    const long = `urn:${'u'.repeat(300_000)}`;
    // Two arguments carry it twice: within twice the body.
    const two = `<paramArray xmlns:p="${long}"><int p:x="">2</int><int p:y="">3</int></paramArray>`;
    expect(await rmc(two)).toMatchObject({ status: 200, text: '<int>6</int>' });
    // Two hundred would carry sixty million characters from a body of three hundred thousand.
    const many = `<paramArray xmlns:p="${long}">${'<p:int>1</p:int>'.repeat(200)}</paramArray>`;
    const refused = await rmc(many);
    expect([refused.status, refused.error?.code]).toEqual([400, 'LIMIT_EXCEEDED']);
    expect(refused.error?.message).toMatch(
      /^RMC body: the arguments would repeat 60\d{6} characters of the namespace declarations of &lt;paramArray&gt;, more than \d+: declare a long namespace on the arguments that use it$/,
    );
  });
});
