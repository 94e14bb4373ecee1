import fc from 'fast-check';
import { type CallEnvelope, ENVELOPE_VERSION } from 'portico';
import { encodeEnvelope } from '../../src/protocol/codec';
import { maxBodyBytesFor } from '../../src/protocol/frame-budget';

const MAX_HEADER_BYTES = 16 * 1024;

/** A text of `length` copies of one character from the Latin-1 range, as header values are. */
const latin1Text = (length: number) =>
  fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code).repeat(length));

/** A body character: one to four bytes of UTF-8. */
const bodyChar = fc.constantFrom('a', 'é', '€', '😀');

interface Case {
  readonly maxPayload: number;
  readonly maxArgs: number;
  readonly argCount: number;
  readonly char: string;
  /** Shares of the header budget: service, method, session, user, application, privileges. */
  readonly shares: readonly number[];
  readonly filler: string;
}

const arbitraryCase: fc.Arbitrary<Case> = fc
  .record({
    maxPayload: fc.integer({ min: 48 * 1024, max: 256 * 1024 }),
    maxArgs: fc.integer({ min: 1, max: 256 }),
    argShare: fc.double({ min: 0, max: 1, noNaN: true }),
    char: bodyChar,
    shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 6, maxLength: 6 }),
    filler: latin1Text(1),
  })
  .map((r) => ({
    ...r,
    argCount: Math.max(1, Math.ceil(r.argShare * r.maxArgs)),
  }));

/** The envelope of the largest body the budget allows, split into `argCount` arguments. */
function largestEnvelope(c: Case): CallEnvelope {
  const limit = maxBodyBytesFor(c.maxPayload, {
    maxArgs: c.maxArgs,
    maxHeaderBytes: MAX_HEADER_BYTES,
  });
  // An RMC body is [a,b,…]: the argument texts take all of it but the brackets and commas.
  const textBytes = limit - (c.argCount + 1);
  const charBytes = Buffer.byteLength(c.char);
  const perArg = Math.floor(textBytes / c.argCount / charBytes);
  const args = Array.from({ length: c.argCount }, () => c.char.repeat(perArg));
  // Header values and the path share the head, less room for the header names.
  const head = MAX_HEADER_BYTES - 200;
  const total = c.shares.reduce((a, b) => a + b, 0) || 1;
  const [service, method, sessionId, user, app, privileges] = c.shares.map((share) =>
    c.filler.repeat(Math.floor((share / total) * head)),
  ) as [string, string, string, string, string, string];
  return {
    version: ENVELOPE_VERSION,
    microservice: 'calc',
    service,
    method,
    apiId: 'RMC',
    sequenceName: 'libAParamArrayXmlInOutSequence',
    args,
    context: {
      requestId: 'r'.repeat(128),
      locale: 'de-CH',
      // Worst case for privilege names: one character each, split on ";".
      privilegeNames: Array.from({ length: Math.floor(privileges.length / 2) }, () => c.filler),
      privileged: true,
      sessionId,
      user,
      clientApplicationName: app,
      ip: 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255',
      peerAddress: 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255',
    },
    deadline: Date.now() - 2 ** 40,
  };
}

describe('maxBodyBytesFor', () => {
  it('leaves room for the envelope: the largest body with the largest head fits the payload', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const envelope = largestEnvelope(c);
        expect(encodeEnvelope(envelope).length).toBeLessThanOrEqual(c.maxPayload);
      }),
      { numRuns: 300 },
    );
  });

  it('lowers a 1 MiB max payload by a few dozen KiB only', () => {
    const limit = maxBodyBytesFor(1024 * 1024, { maxArgs: 256, maxHeaderBytes: MAX_HEADER_BYTES });
    expect(limit).toBe(1_013_499);
  });

  it('is zero when nothing fits', () => {
    expect(maxBodyBytesFor(1000, { maxArgs: 256, maxHeaderBytes: MAX_HEADER_BYTES })).toBe(0);
  });
});
