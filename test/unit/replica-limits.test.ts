import fc from 'fast-check';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { REPLICA_LIMIT_DEFAULTS, withinLimits } from '../../src/replica/replica-limits';

const NOW = 1_000_000;

function call(args: string[], deadline = NOW + 1000): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    microservice: 'calc',
    service: 'Calculator',
    method: 'mulTwo',
    apiId: 'ROA',
    sequenceName: '',
    args,
    context: { requestId: 'r-1', locale: 'en', privilegeNames: [], privileged: false },
    deadline,
  };
}

/** What withinLimits throws for `args`, as a user sees it: the code and the message. */
function refusal(args: string[], maxBodyBytes: number): { code: string; message: string } | null {
  try {
    withinLimits(call(args), { ...REPLICA_LIMIT_DEFAULTS, maxBodyBytes }, NOW);
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

describe("the replica's limit on the bytes of a call's arguments", () => {
  it('refuses exactly the calls whose arguments take more UTF-8 bytes than the limit', () => {
    // Texts of every width: ASCII, two- and three-byte characters, pairs and lone surrogates.
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '€', '😀', '\ud800')) });
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 6 }),
        fc.integer({ min: 1, max: 120 }),
        (args, max) => {
          const bytes = args.reduce((sum, arg) => sum + Buffer.byteLength(arg), 0);
          const refused = refusal(args, max);
          if (bytes <= max) expect(refused).toBeNull();
          else {
            expect(refused).toEqual({
              code: 'PAYLOAD_TOO_LARGE',
              message: `the arguments take ${bytes} bytes; this replica takes at most ${max}`,
            });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes a call of exactly the limit, in three-byte characters, and refuses one byte more', () => {
    expect(refusal(['€€', '€'], 9)).toBeNull();
    expect(refusal(['€€', '€a'], 9)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'the arguments take 10 bytes; this replica takes at most 9',
    });
  });

  it('cuts a deadline past maxCallMs to it', () => {
    const limits = { ...REPLICA_LIMIT_DEFAULTS, maxCallMs: 500 };
    expect(withinLimits(call(['1'], NOW + 10_000), limits, NOW).deadline).toBe(NOW + 500);
    expect(withinLimits(call(['1'], NOW + 100), limits, NOW).deadline).toBe(NOW + 100);
  });
});
