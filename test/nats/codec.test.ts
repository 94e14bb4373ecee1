import fc from 'fast-check';
import { type CallEnvelope, type CallReply, ENVELOPE_VERSION } from 'portico';
import {
  CodecError,
  decodeEnvelope,
  decodeReply,
  encodeEnvelope,
  encodeReply,
} from '../../src/protocol/codec';
import { MAX_REPLICA_ID_LENGTH } from '../../src/protocol/replica-id';

const NOW = 1_800_000_000_000;

const optionalText = fc.option(fc.string({ unit: 'binary' }), { nil: undefined });

const arbitraryEnvelope: fc.Arbitrary<CallEnvelope> = fc
  .record({
    microservice: fc.string(),
    service: fc.string(),
    method: fc.string({ unit: 'binary' }),
    apiId: fc.constantFrom('ROA' as const, 'RMC' as const),
    sequenceName: fc.string(),
    args: fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }),
    requestId: fc.string({ minLength: 1 }),
    locale: fc.string(),
    privilegeNames: fc.array(fc.string(), { maxLength: 4 }),
    privileged: fc.boolean(),
    sessionId: optionalText,
    user: optionalText,
    clientApplicationName: optionalText,
    ip: optionalText,
    peerAddress: optionalText,
    budget: fc.integer({ min: -60_000, max: 3_600_000 }),
  })
  .map((r) => ({
    version: ENVELOPE_VERSION,
    microservice: r.microservice,
    service: r.service,
    method: r.method,
    apiId: r.apiId,
    sequenceName: r.sequenceName,
    args: r.args,
    context: {
      requestId: r.requestId,
      locale: r.locale,
      privilegeNames: r.privilegeNames,
      privileged: r.privileged,
      ...defined({
        sessionId: r.sessionId,
        user: r.user,
        clientApplicationName: r.clientApplicationName,
        ip: r.ip,
        peerAddress: r.peerAddress,
      }),
    },
    deadline: NOW + r.budget,
  }));

const arbitraryReply: fc.Arbitrary<CallReply> = fc.oneof(
  fc.record({ ok: fc.constant(true as const), body: fc.option(fc.string({ unit: 'binary' })) }),
  fc.record({
    ok: fc.constant(false as const),
    error: fc.record({
      status: fc.integer({ min: 400, max: 599 }),
      code: fc.string(),
      message: fc.string({ unit: 'binary' }),
    }),
  }),
);

/** The rule of a replica id: a "." neither last nor next to another (it is part of a subject). */
const REPLICA_ID = /^[A-Za-z0-9](?:[A-Za-z0-9_:-]|\.(?=[A-Za-z0-9_:-])){0,127}$/;

/**
 * Every id a replica may name itself with, up to 127 characters: the rule in a form fast-check
 * can generate from (no lookahead).
 */
const replicaId = fc.stringMatching(/^[A-Za-z0-9](?:\.?[A-Za-z0-9_:-]){0,63}$/);

/**
 * Texts that are no replica id: empty, too long, with a character outside the rule, or a "." last
 * or next to another.
 */
const notReplicaId = fc.oneof(
  fc.constantFrom(
    '',
    'a'.repeat(MAX_REPLICA_ID_LENGTH + 1),
    'bad id',
    '_unknown',
    '-x',
    'é',
    'a\n',
    'a.',
    'a..b',
  ),
  fc.string({ unit: 'binary' }).filter((text) => !REPLICA_ID.test(text)),
);

function defined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** Decoding never throws anything but a CodecError. */
function decodesOrRefuses(decode: () => unknown): void {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
  }
}

describe('encodeEnvelope and decodeEnvelope', () => {
  it('give back every envelope unchanged', () => {
    fc.assert(
      fc.property(arbitraryEnvelope, (envelope) => {
        expect(decodeEnvelope(encodeEnvelope(envelope, NOW), { now: NOW })).toEqual(envelope);
      }),
    );
  });

  it('carry the budget, capped by the epoch deadline: a frame read late does not get its time anew', () => {
    fc.assert(
      fc.property(arbitraryEnvelope, fc.integer({ min: -3_600_000, max: 3_600_000 }), (e, late) => {
        // `late` > 0: read after a stall (or by a clock ahead); < 0: by a clock behind.
        const decoded = decodeEnvelope(encodeEnvelope(e, NOW), { now: NOW + late });
        expect(decoded.deadline).toBe(Math.min(NOW + late + (e.deadline - NOW), e.deadline));
        if (late < 0) expect(decoded.deadline - (NOW + late)).toBe(e.deadline - NOW);
        else expect(decoded.deadline).toBe(e.deadline);
      }),
    );
  });

  it('carry the time by which a replica must take the call, when there is one', () => {
    const e = { ...sample(), takeBy: NOW + 700 };
    expect(decodeEnvelope(encodeEnvelope(e, NOW), { now: NOW + 5 }).takeBy).toBe(NOW + 700);
    expect(decodeEnvelope(encodeEnvelope(sample(), NOW), { now: NOW }).takeBy).toBeUndefined();
  });

  it('refuse random bytes with a CodecError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        decodesOrRefuses(() => decodeEnvelope(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse random bytes behind a valid header, and damaged frames, with a CodecError', () => {
    fc.assert(
      fc.property(
        arbitraryEnvelope,
        fc.uint8Array({ maxLength: 256 }),
        fc.nat(),
        fc.nat(255),
        (envelope, tail, at, value) => {
          decodesOrRefuses(() => decodeEnvelope(Uint8Array.from([ENVELOPE_VERSION, 1, ...tail])));
          const frame = encodeEnvelope(envelope, NOW);
          const damaged = frame.slice();
          damaged[at % frame.length] = value;
          decodesOrRefuses(() => decodeEnvelope(damaged));
          decodesOrRefuses(() => decodeEnvelope(frame.subarray(0, at % frame.length)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuse a frame of an unknown version and say which', () => {
    const frame = encodeEnvelope(sample(), NOW);
    frame[0] = 7;
    expect(() => decodeEnvelope(frame)).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_VERSION',
        message: 'the frame has envelope version 7; this side reads version 1',
      }),
    );
  });

  it('refuse an oversized frame before parsing it', () => {
    const frame = encodeEnvelope(sample(), NOW);
    expect(() => decodeEnvelope(frame, { maxBytes: frame.length - 1 })).toThrow(
      expect.objectContaining({
        code: 'FRAME_TOO_LARGE',
        message: `the frame is ${frame.length} bytes, more than the limit of ${frame.length - 1}`,
      }),
    );
    expect(decodeEnvelope(frame, { maxBytes: frame.length, now: NOW })).toEqual(sample());
  });

  it('refuse malformed frames with a message that says what is wrong', () => {
    const frame = encodeEnvelope(sample(), NOW);
    expect(() => decodeEnvelope(frame.subarray(0, 2))).toThrow('a frame of 2 bytes is too short');
    expect(() => decodeEnvelope(frame.subarray(0, frame.length - 3))).toThrow(
      /^the frame is not valid MessagePack/,
    );
    expect(() => decodeEnvelope(encodeReply({ ok: true, body: 'x' }))).toThrow(
      'expected a call frame, got kind 2',
    );
    const wrongType = encodeEnvelope({ ...sample(), args: [1 as unknown as string] }, NOW);
    expect(() => decodeEnvelope(wrongType)).toThrow(
      expect.objectContaining({
        code: 'MALFORMED_FRAME',
        message: 'malformed frame: args must be an array of strings',
      }),
    );
  });
});

describe('encodeReply and decodeReply', () => {
  it('give back every reply unchanged', () => {
    fc.assert(
      fc.property(arbitraryReply, (reply) => {
        expect(decodeReply(encodeReply(reply))).toEqual(reply);
      }),
    );
  });

  it('carry the id of the replica that sent the reply, or none as a replica of an earlier release does', () => {
    fc.assert(
      fc.property(arbitraryReply, fc.option(replicaId, { nil: undefined }), (reply, replica) => {
        const decoded = decodeReply(encodeReply(reply, replica));
        expect(decoded).toEqual({ ...reply, replica });
        expect(decoded.replica).toBe(replica);
      }),
    );
    expect(decodeReply(encodeReply({ ok: true, body: '1' }, 'a'.repeat(128))).replica).toBe(
      'a'.repeat(128),
    );
  });

  it('refuse a reply whose replica id breaks the rule, as any malformed frame', () => {
    const rule =
      'malformed frame: replica must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-", the first a letter or digit, a "." neither last nor next to another';
    const ids = fc.oneof(notReplicaId, fc.constantFrom<unknown>(7, null, true, ['a'], { id: 'a' }));
    fc.assert(
      fc.property(arbitraryReply, ids, (reply, replica) => {
        const frame = encodeReply(reply, replica as string);
        expect(() => decodeReply(frame)).toThrow(
          expect.objectContaining({ code: 'MALFORMED_FRAME', message: rule }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('refuse random bytes with a CodecError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        decodesOrRefuses(() => decodeReply(bytes));
        decodesOrRefuses(() => decodeReply(Uint8Array.from([ENVELOPE_VERSION, 2, ...bytes])));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse an error status outside 400-599', () => {
    const frame = encodeReply({ ok: false, error: { status: 200, code: 'X', message: 'm' } });
    expect(() => decodeReply(frame)).toThrow('error.status must be an integer from 400 to 599');
  });
});

function sample(): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    microservice: 'calc',
    service: 'multiplier',
    method: 'mulOne',
    apiId: 'RMC',
    sequenceName: 'libBParamArrayJsonInOutSequence',
    args: ['2', '3'],
    context: { requestId: 'r-1', locale: 'en', privilegeNames: ['admin'], privileged: true },
    deadline: NOW + 30_000,
  };
}
