import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { send, xml } from '../support/http';

// Bug (issue 11, finding 5): a numeric character reference with many leading zeros, such as
// `&#0000000050;` (the digit 2), is valid XML, yet the reader refused it for its length.
describe('numeric character references with leading zeros', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  const mulTwo = (a: string, attribute = '') =>
    send(server.url, '/calc/multiplier/mulTwo', {
      headers: xml('libB'),
      body: `<MulInput${attribute}><a>${a}</a><b>3</b></MulInput>`,
    });

  it.each([
    ['decimal', '&#0000000050;'],
    ['hexadecimal', '&#x0000000032;'],
    ['many zeros', `&#${'0'.repeat(10_000)}50;`],
  ])('are read in element text (%s)', async (_, a) => {
    const answer = await mulTwo(a);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<MulOutput><result>6</result></MulOutput>');
  });

  it('are read in attribute values', async () => {
    const answer = await mulTwo('2', ' note="&#0000000050;"');
    expect(answer.status).toBe(200);
  });

  it.each([
    ['a character XML does not allow', '&#0000000000;'],
    ['beyond the last code point', `&#x${'f'.repeat(40)};`],
    ['no digits', '&#x;'],
  ])('still refuses %s', async (_, a) => {
    const answer = await mulTwo(a);
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('MALFORMED_BODY');
    expect(answer.error?.message).toContain('is not allowed');
  });
});
