import fc from 'fast-check';
import { type CallEnvelope, ENVELOPE_VERSION } from 'portico';
import { decodeReply, encodeEnvelope, encodeReply } from '../../src/protocol/codec';
import { maxBodyBytesFor } from '../../src/protocol/frame-budget';
import { isReplicaId, MAX_REPLICA_ID_LENGTH } from '../../src/protocol/replica-id';
import { replyFrame } from '../../src/replica/reply-frame';

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

describe('replyFrame', () => {
  /** A body near the max payload, a replica id up to the longest, and a method name. */
  const arbitraryReplyCase = fc.record({
    maxPayload: fc.integer({ min: 1024, max: 256 * 1024 }),
    /** How far the body's length is from the max payload, either way. */
    offset: fc.integer({ min: -200, max: 200 }),
    char: bodyChar,
    replica: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/).filter(isReplicaId),
    what: fc.stringMatching(/^[a-z]{1,40}\/[a-zA-Z]{1,80}\/[a-zA-Z]{1,80}$/),
  });

  it('sends the reply with the id when that fits the max payload, id included, and REPLY_TOO_LARGE with the id otherwise', () => {
    fc.assert(
      fc.property(arbitraryReplyCase, (c) => {
        const chars = Math.max(
          0,
          Math.floor((c.maxPayload + c.offset) / Buffer.byteLength(c.char)),
        );
        const reply = { ok: true as const, body: c.char.repeat(chars) };
        const frame = replyFrame(reply, c.what, { replica: c.replica, maxPayload: c.maxPayload });
        expect(frame.length).toBeLessThanOrEqual(c.maxPayload);
        const decoded = decodeReply(frame);
        expect(decoded.replica).toBe(c.replica);
        const full = encodeReply(reply, c.replica).length;
        if (full <= c.maxPayload) expect(decoded).toEqual({ ...reply, replica: c.replica });
        else {
          expect(decoded).toEqual({
            ok: false,
            error: {
              status: 500,
              code: 'REPLY_TOO_LARGE',
              message: `the reply of ${c.what} is ${full} bytes; NATS carries at most ${c.maxPayload}`,
            },
            replica: c.replica,
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a reply that fits only without the id', () => {
    const replica = 'r'.repeat(MAX_REPLICA_ID_LENGTH);
    const maxPayload = 4096;
    // Two bytes more of string header than the empty body's.
    const body = 'x'.repeat(maxPayload - encodeReply({ ok: true, body: '' }).length - 2);
    expect(encodeReply({ ok: true, body }).length).toBe(maxPayload);
    expect(encodeReply({ ok: true, body }, replica).length).toBeGreaterThan(maxPayload);
    const frame = replyFrame({ ok: true, body }, 'calc/s/m', { replica, maxPayload });
    expect(decodeReply(frame)).toMatchObject({ ok: false, error: { code: 'REPLY_TOO_LARGE' } });
  });
});
