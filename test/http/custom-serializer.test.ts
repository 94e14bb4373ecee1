import { BindError, nativeApp, type SequenceSerializer } from 'portico';
import { MultiplierService } from '../../examples/calc/multiplier.service';
import { MulInput } from '../../examples/calc/payloads';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { send } from '../support/http';

/** A JSON serializer of the application's own: `a*b` text in, `= n` text out. */
const starSerializer: SequenceSerializer = {
  format: 'json',
  readArgument(text, type) {
    const match = /^"(-?\d+)\*(-?\d+)"$/.exec(text.trim());
    if (type.kind === 'class' && type.ctor === MulInput && match) {
      return Object.assign(new MulInput(), { a: Number(match[1]), b: Number(match[2]) });
    }
    if (type.kind === 'int' && /^"-?\d+"$/.test(text)) return Number(JSON.parse(text));
    throw new BindError('write "a*b"');
  },
  writeResult(value) {
    return JSON.stringify(`= ${JSON.stringify(value)}`);
  },
};

describe.each(PLACEMENTS)('application-defined serializers (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    const calc = nativeApp({
      name: 'calc',
      services: [MultiplierService],
      serializers: { libAParamArrayJsonInOutSequence: starSerializer },
    });
    server = await startTestServer({ microservices: [calc] }, placement);
  });
  afterAll(() => server.close());

  const headers = (sequence: string, apiId = 'ROA') => ({
    'Content-Type': 'application/json',
    'X-SVC-Sequence-Name': sequence,
    'X-SVC-API-ID': apiId,
  });

  it('always wins for its sequence, in ROA and RMC', async () => {
    const roa = await send(server.url, '/calc/multiplier/mulThree', {
      headers: headers('libAParamArrayJsonInOutSequence'),
      body: '"6*7"',
    });
    expect(roa).toMatchObject({ status: 200, text: '"= 42"' });
    const rmc = await send(server.url, '/calc/multiplier/mulOne', {
      headers: headers('libAParamArrayJsonInOutSequence', 'RMC'),
      body: '["6","7"]',
    });
    expect(rmc).toMatchObject({ status: 200, text: '"= 42"' });
  });

  it('answers its binding errors with 400, naming the argument', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulThree', {
      headers: headers('libAParamArrayJsonInOutSequence'),
      body: '{"mulInput":{"a":6,"b":7}}',
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('argument 0 (MulInput): write "a*b"');
  });

  it('leaves the other sequences to the defaults', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulThree', {
      headers: headers('libBParamArrayJsonInOutSequence'),
      body: '{"a":6,"b":7}',
    });
    expect(answer).toMatchObject({ status: 200, text: '42' });
  });
});
