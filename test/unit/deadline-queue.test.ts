import fc from 'fast-check';
import { DeadlineQueue } from '../../src/transport/nats/deadline-queue';

type Step =
  | { readonly op: 'add'; readonly at: number }
  | { readonly op: 'delete'; readonly pick: number }
  | { readonly op: 'take'; readonly now: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), at: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('take' as const), now: fc.integer({ min: 0, max: 50 }) }),
);

describe('DeadlineQueue', () => {
  it('takes exactly the keys due, earliest first, and tells the next deadline of those left', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const queue = new DeadlineQueue<number>();
        const model = new Map<number, number>();
        let counter = 0;
        for (const s of steps) {
          if (s.op === 'add') {
            queue.add(counter, s.at);
            model.set(counter++, s.at);
          } else if (s.op === 'delete') {
            const keys = [...model.keys()];
            const key = keys[s.pick % Math.max(1, keys.length)] ?? -1;
            queue.delete(key, model.get(key) ?? 0);
            model.delete(key);
          } else {
            const due = queue.takeDue(s.now);
            const expected = [...model].filter(([, at]) => at <= s.now).map(([key]) => key);
            expect([...due].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
            const times = due.map((key) => model.get(key) as number);
            expect(times).toEqual([...times].sort((a, b) => a - b));
            for (const key of due) model.delete(key);
          }
          expect(queue.next()).toBe(Math.min(...model.values()));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('forgets every key on clear', () => {
    const queue = new DeadlineQueue<string>();
    queue.add('a', 5);
    queue.add('b', 1);
    queue.clear();
    expect(queue.takeDue(10)).toEqual([]);
    expect(queue.next()).toBe(Number.POSITIVE_INFINITY);
    queue.add('c', 3);
    expect(queue.next()).toBe(3);
  });

  it('takes a key added again to a millisecond whose keys were all deleted', () => {
    const queue = new DeadlineQueue<string>();
    queue.add('a', 7);
    queue.delete('a', 7);
    queue.add('b', 7);
    expect(queue.next()).toBe(7);
    expect(queue.takeDue(7)).toEqual(['b']);
    expect(queue.next()).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps a key without a deadline (NaN) from holding back the keys due after it', () => {
    const queue = new DeadlineQueue<string>();
    queue.add('never', Number.NaN);
    queue.add('a', 5);
    queue.add('b', 3);
    expect(queue.next()).toBe(3);
    expect(queue.takeDue(10)).toEqual(['b', 'a']);
    expect(queue.next()).toBe(Number.POSITIVE_INFINITY);
    queue.delete('never', Number.NaN);
    queue.add('c', 12);
    expect(queue.takeDue(20)).toEqual(['c']);
  });

  it('puts the fractional deadlines of one millisecond in one bucket, due at its end', () => {
    const queue = new DeadlineQueue<string>();
    queue.add('a', 10.7);
    queue.add('b', 10.2);
    expect(queue.next()).toBe(11);
    expect(queue.takeDue(10)).toEqual([]);
    queue.delete('a', 10.7);
    expect(queue.takeDue(11)).toEqual(['b']);
  });
});
