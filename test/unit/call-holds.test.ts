import fc from 'fast-check';
import { createCallHolds } from '../../src/replica/call-holds';

const INBOX = '_INBOX.LN5JYW85FTPLLEXC0HSW2W';

describe("a replica's call holds", () => {
  it('report exactly the calls taken and not yet released, by their reply subjects', () => {
    // Take a new message (its reply subject's number), or release the `pick`-th one held.
    const step = fc.oneof(
      fc.record({ take: fc.constant(true), n: fc.nat(5) }),
      fc.record({ take: fc.constant(false), n: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const holds = createCallHolds();
        try {
          const held: { reply: string }[] = [];
          for (const { take, n } of steps) {
            if (take) {
              // A new object per message, as NATS hands them over: subjects may repeat.
              const msg = { reply: `${INBOX}.calc.${n}` };
              holds.take(msg);
              held.push(msg);
            } else if (held.length > 0) {
              holds.release(held.splice(n % held.length, 1)[0] as { reply: string });
            }
          }
          const expected = held.map((msg) => msg.reply.slice(INBOX.length + 1)).sort();
          expect(holds.heldFor(INBOX).sort()).toEqual(expected);
        } finally {
          holds.stop();
        }
      }),
    );
  });

  it('lists only the calls under the inbox asked for, and forgets a message never taken', () => {
    const holds = createCallHolds();
    try {
      holds.take({ reply: `${INBOX}.calc.1` });
      holds.take({ reply: '_INBOX.OTHER.calc.2' });
      holds.release({ reply: `${INBOX}.calc.1` });
      expect(holds.heldFor(INBOX)).toEqual(['calc.1']);
      expect(holds.heldFor('_INBOX.OTHER')).toEqual(['calc.2']);
    } finally {
      holds.stop();
    }
  });
});
