import fc from 'fast-check';
import { Packr, Unpackr } from 'msgpackr';
import { type CallEnvelope, type CallReply, ENVELOPE_VERSION } from 'portico';
import {
  CodecError,
  decodeEnvelope,
  decodeReply,
  encodeCall,
  encodeReply,
} from '../../src/protocol/codec';
import { OPTIONAL_CONTEXT_KEYS } from '../../src/protocol/envelope';
import { readEnvelope, readReply } from '../../src/protocol/frame-shape';

/*
 * The frames' own writer and reader against msgpackr, which wrote and read every frame before
 * them: a build of either kind must read the other's frames (rolling deploys, docs/design.md).
 */

const packr = new Packr({ useRecords: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });

/** A frame as msgpackr writes it: the two header bytes, then the value. */
function msgpackrFrame(kind: number, value: unknown): Uint8Array {
  return Buffer.concat([Uint8Array.from([ENVELOPE_VERSION, kind]), packr.pack(value)]);
}

/** The call frame that the msgpackr encoder wrote for `envelope`. */
function msgpackrCall(envelope: CallEnvelope, now: number, takeBy?: number): Uint8Array {
  const { context } = envelope;
  const texts: Record<string, unknown> = {
    requestId: context.requestId,
    locale: context.locale,
    privilegeNames: context.privilegeNames,
    privileged: context.privileged,
  };
  for (const key of OPTIONAL_CONTEXT_KEYS)
    if (context[key] !== undefined) texts[key] = context[key];
  const call: Record<string, unknown> = {
    microservice: envelope.microservice,
    service: envelope.service,
    method: envelope.method,
    apiId: envelope.apiId,
    sequenceName: envelope.sequenceName,
    args: envelope.args,
    context: texts,
    budgetMs: Math.round(envelope.deadline - now),
    deadlineAt: Math.round(envelope.deadline),
  };
  if (takeBy !== undefined) call.takeBy = Math.round(takeBy);
  return msgpackrFrame(1, call);
}

/** The reply frame that the msgpackr encoder wrote for `reply`. */
function msgpackrReply(reply: CallReply, replica?: string): Uint8Array {
  const value: Record<string, unknown> = reply.ok
    ? { ok: true, body: reply.body }
    : { ok: false, error: { ...reply.error } };
  if (replica !== undefined) value.replica = replica;
  return msgpackrFrame(2, value);
}

/** Fails unless the frames are the same bytes (compared whole first: some are megabytes long). */
function sameBytes(actual: Uint8Array, expected: Uint8Array): void {
  if (Buffer.compare(actual, expected) !== 0) {
    expect(Buffer.from(actual).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
  }
}

/** What msgpackr and the frame's shape made of a frame's bytes: a value, or a CodecError. */
function msgpackrRead(bytes: Uint8Array, read: (value: unknown) => unknown): unknown {
  let value: unknown;
  try {
    value = unpackr.unpack(bytes.subarray(2));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return outcome(() => {
      throw new CodecError('MALFORMED_FRAME', `the frame is not valid MessagePack: ${reason}`);
    });
  }
  return outcome(() => read(value));
}

/** A value, or the code and message of the CodecError thrown (anything else fails the test). */
function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const NOW = 1_800_000_000_000;
/** Integers at the edges of MessagePack's integer types, and beyond 32 bits. */
const EDGES = [0, 31, 32, 127, 128, 255, 256, 65_535, 65_536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];
const edgeInteger = fc.oneof(
  fc.constantFrom(...EDGES, ...EDGES.map((n) => -n - 1), -32, -33, -128, -129, -32_768, -(2 ** 31)),
  fc.integer(),
  fc.double({ noNaN: true, min: -1e15, max: 1e15 }),
);
/** Strings around the lengths where a string's header grows: 31, 255 and 65 535 bytes. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) }),
  fc.string({ unit: 'binary-ascii', minLength: 20, maxLength: 300 }),
  sized([31, 32, 63, 64, 255, 256]),
);
/** Texts of one repeated character, `lengths` bytes long or a little more. */
function sized(lengths: readonly number[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '€', '😀'))
    .map(([length, char]) => char.repeat(Math.ceil(length / Buffer.byteLength(char))));
}
/** Arguments, some longer than 65 535 bytes. */
const args = fc.array(fc.oneof({ weight: 20, arbitrary: text }, sized([65_535, 65_536, 70_000])), {
  maxLength: 20,
});
const optionalText = fc.option(text, { nil: undefined });

const arbitraryEnvelope: fc.Arbitrary<CallEnvelope> = fc
  .record({
    names: fc.tuple(text, text, text, text),
    apiId: fc.constantFrom('ROA' as const, 'RMC' as const),
    args,
    requestId: text,
    locale: text,
    privilegeNames: fc.array(text, { maxLength: 17 }),
    privileged: fc.boolean(),
    optional: fc.tuple(...OPTIONAL_CONTEXT_KEYS.map(() => optionalText)),
    deadline: edgeInteger,
  })
  .map((r) => {
    const context: Record<string, unknown> = {
      requestId: r.requestId,
      locale: r.locale,
      privilegeNames: r.privilegeNames,
      privileged: r.privileged,
    };
    OPTIONAL_CONTEXT_KEYS.forEach((key, k) => {
      if (r.optional[k] !== undefined) context[key] = r.optional[k];
    });
    const [microservice, service, method, sequenceName] = r.names;
    return {
      ...{ version: ENVELOPE_VERSION, microservice, service, method, apiId: r.apiId },
      ...{ sequenceName, args: r.args, context: context as unknown as CallEnvelope['context'] },
      deadline: NOW + r.deadline,
    };
  });

const arbitraryReply: fc.Arbitrary<CallReply> = fc.oneof(
  fc.record({ ok: fc.constant(true as const), body: fc.option(text) }),
  fc.record({
    ok: fc.constant(false as const),
    error: fc.record({ status: fc.integer({ min: 0, max: 70_000 }), code: text, message: text }),
  }),
);
const replicaId = fc.option(
  fc.oneof(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/), text),
  { nil: undefined },
);

describe('encodeCall and encodeReply', () => {
  it('write every frame byte for byte as msgpackr wrote it', () => {
    fc.assert(
      fc.property(arbitraryEnvelope, edgeInteger, fc.option(edgeInteger), (e, now, takeBy) => {
        const at = NOW + now;
        const t = takeBy === null ? undefined : NOW + takeBy;
        sameBytes(encodeCall(e, at, t), msgpackrCall(e, at, t));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(arbitraryReply, replicaId, (reply, replica) => {
        sameBytes(encodeReply(reply, replica), msgpackrReply(reply, replica));
      }),
      { numRuns: 300 },
    );
  });

  it('write a call that repeats the names of the call before as msgpackr did, and leave earlier frames as they were', () => {
    // Each call takes each name of the call before (or, one in four, its own), with or without a
    // take-by time; args up to 70 000 bytes run frames past the writer's room.
    const draws = fc.array(fc.nat(3), { minLength: 5, maxLength: 5 });
    const call = fc.tuple(arbitraryEnvelope, draws, fc.option(edgeInteger));
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), (calls) => {
        let last: CallEnvelope | undefined;
        const written = calls.map(([own, draw, takeBy]) => {
          const pick = <K extends keyof CallEnvelope>(key: K, k: number) =>
            draw[k] === 0 || last === undefined ? own[key] : last[key];
          const e = {
            ...own,
            ...{ microservice: pick('microservice', 0), service: pick('service', 1) },
            ...{ method: pick('method', 2), apiId: pick('apiId', 3) },
            sequenceName: pick('sequenceName', 4),
          };
          last = e;
          const t = takeBy === null ? undefined : NOW + takeBy;
          const frame = encodeCall(e, NOW, t);
          sameBytes(frame, msgpackrCall(e, NOW, t));
          return { frame, copy: Buffer.from(frame) };
        });
        for (const { frame, copy } of written) sameBytes(frame, copy);
      }),
      { numRuns: 200 },
    );
  });
});

const KEYS = [
  ...['microservice', 'service', 'method', 'apiId', 'sequenceName', 'args', 'context'],
  ...['budgetMs', 'deadlineAt', 'takeBy', 'requestId', 'locale', 'privilegeNames', 'privileged'],
  ...OPTIONAL_CONTEXT_KEYS,
  ...['ok', 'body', 'error', 'replica', 'status', 'code', 'message', '__proto__', 'ROA'],
];
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 4 }));
const scalar = fc.oneof(
  text,
  edgeInteger,
  fc.constantFrom('ROA', 'RMC', 'replica-1', true, false, null, undefined, 404, 599, 600, 1.5),
  fc.uint8Array({ maxLength: 4 }),
);
const { value: anyValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(fc.oneof(text, tie('value')), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 12 }),
  ),
}));
/** Maps that look like frames, with every key and value of a frame, or others, anywhere. */
const frameLike = fc.dictionary(key, anyValue, { minKeys: 1, maxKeys: 14 });
const now = fc.constantFrom(NOW, 0, NOW + 12_345);

/** The frame with one byte changed, or cut short, or its map header claiming more or less. */
const damaged = (frame: Uint8Array) =>
  fc.tuple(fc.nat(), fc.nat(255), fc.boolean()).map(([at, value, cut]) => {
    const copy = Uint8Array.from(frame);
    if (cut) return copy.subarray(0, 3 + (at % (frame.length - 3)));
    copy[2 + (at % (frame.length - 2))] = value;
    return copy;
  });

describe('decodeEnvelope and decodeReply', () => {
  it('read the frames msgpackr wrote exactly as msgpackr and the frame shape read them', () => {
    fc.assert(
      fc.property(arbitraryEnvelope, edgeInteger, now, (e, at, n) => {
        const frame = msgpackrCall(e, NOW + at, NOW + at + 500);
        const read = (value: unknown) => readEnvelope(value, n);
        expect(outcome(() => decodeEnvelope(frame, { now: n }))).toStrictEqual(
          msgpackrRead(frame, read),
        );
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(arbitraryReply, replicaId, (reply, replica) => {
        const frame = msgpackrReply(reply, replica);
        expect(outcome(() => decodeReply(frame))).toStrictEqual(msgpackrRead(frame, readReply));
      }),
      { numRuns: 300 },
    );
  });

  it('give any other MessagePack the value or the CodecError that msgpackr and the frame shape give', () => {
    fc.assert(
      fc.property(frameLike, now, (value, n) => {
        const call = msgpackrFrame(1, value);
        const read = (v: unknown) => readEnvelope(v, n);
        expect(outcome(() => decodeEnvelope(call, { now: n }))).toStrictEqual(
          msgpackrRead(call, read),
        );
        const reply = msgpackrFrame(2, value);
        expect(outcome(() => decodeReply(reply))).toStrictEqual(msgpackrRead(reply, readReply));
      }),
      { numRuns: 2000 },
    );
  });

  it('give damaged frames and random bytes the value or the CodecError that msgpackr gives', () => {
    const call = arbitraryEnvelope.chain((e) => damaged(msgpackrCall(e, NOW, NOW + 1)));
    const reply = fc
      .tuple(arbitraryReply, replicaId)
      .chain(([r, id]) => damaged(msgpackrReply(r, id)));
    const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 });
    fc.assert(
      fc.property(
        fc.oneof(
          call,
          bytes.map((b) => Uint8Array.from([1, 1, ...b])),
        ),
        (frame) => {
          const read = (v: unknown) => readEnvelope(v, NOW);
          expect(outcome(() => decodeEnvelope(frame, { now: NOW }))).toStrictEqual(
            msgpackrRead(frame, read),
          );
        },
      ),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          reply,
          bytes.map((b) => Uint8Array.from([1, 2, ...b])),
        ),
        (frame) => {
          expect(outcome(() => decodeReply(frame))).toStrictEqual(msgpackrRead(frame, readReply));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('read a frame of the call names the frame before it used, and of new ones, alike', () => {
    const first = { ...sample(), method: 'mulTwo', context: { ...sample().context, locale: 'fr' } };
    const second = {
      ...sample(),
      method: 'mulTwó',
      context: { ...sample().context, locale: 'fR' },
    };
    for (const e of [first, second, first, sample(), first]) {
      expect(decodeEnvelope(encodeCall(e, NOW), { now: NOW })).toStrictEqual(e);
    }
    // A name read before, 'é', and then the byte of its char code alone: no UTF-8, read as msgpackr reads it.
    const e = { ...sample(), method: 'é' };
    expect(decodeEnvelope(encodeCall(e, NOW), { now: NOW })).toStrictEqual(e);
    const raw = Buffer.from(encodeCall({ ...sample(), method: '~' }, NOW));
    raw[raw.indexOf(Buffer.from([0xa1, 0x7e])) + 1] = 0xe9;
    const read = (v: unknown) => readEnvelope(v, NOW);
    expect(outcome(() => decodeEnvelope(raw, { now: NOW }))).toStrictEqual(msgpackrRead(raw, read));
  });
});

function sample(): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    ...{ microservice: 'calc', service: 'multiplier', method: 'mulOne', apiId: 'RMC' },
    ...{ sequenceName: 'libBParamArrayJsonInOutSequence', args: ['2', '3'] },
    context: { requestId: 'r-1', locale: 'en', privilegeNames: ['admin'], privileged: true },
    deadline: NOW + 30_000,
  };
}
