import { Api, ApiOperation, nativeApp, OneOf, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Bug (issue 12): libA named a declared `number` by its value, so a `number[]` whose first item
// was an integer went out as `int-array` (`<int-array><int>2</int>…`), while the reader of that
// type takes only `double-array`: the server's own answer could not be sent back. Names now follow
// the declared type alone: a declared number is `double`, an enum is named by its values' type.
@Api()
@RemoteService('numbers')
class NumbersService {
  @ApiOperation('Echoes the numbers', { params: [[Number]], returns: [Number] })
  echo(values: number[]): number[] {
    return values;
  }

  @ApiOperation('Echoes the step', { params: [OneOf([1, 2.5])], returns: OneOf([1, 2.5]) })
  step(step: 1 | 2.5): 1 | 2.5 {
    return step;
  }
}

const numbers = nativeApp({ name: 'numbers', services: [NumbersService] });

describe('a libA answer of a declared number type is read back by the same sequence', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [numbers] });
  });
  afterAll(() => server.close());

  const cases = [
    ['libA JSON', json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' })],
    ['libA XML', xml('libA')],
  ] as const;

  it.each(cases)('an array of doubles starting with an integer, in %s', async (family, headers) => {
    const body =
      family === 'libA JSON'
        ? '{"double-array":[2,2.5]}'
        : '<double-array><double>2</double><double>2.5</double></double-array>';
    const first = await send(server.url, '/numbers/numbers/echo', { headers, body });
    expect(first.status).toBe(200);
    expect(first.text).toBe(body);
    const again = await send(server.url, '/numbers/numbers/echo', { headers, body: first.text });
    expect(again.status).toBe(200);
    expect(again.text).toBe(body);
  });

  it.each(cases)(
    'an integer value of an enum with a fraction among its values, in %s',
    async (family, headers) => {
      const body = family === 'libA JSON' ? '{"double":1}' : '<double>1</double>';
      const first = await send(server.url, '/numbers/numbers/step', { headers, body });
      expect(first.text).toBe(body);
      const again = await send(server.url, '/numbers/numbers/step', { headers, body: first.text });
      expect(again.status).toBe(200);
      expect(again.text).toBe(body);
    },
  );
});
