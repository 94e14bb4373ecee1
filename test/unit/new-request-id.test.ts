import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { newRequestId } from '../../src/entry-point/new-request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes version 4 UUIDs, all different, across the batches of random bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (count) => {
        const ids = Array.from({ length: count }, newRequestId);
        for (const id of ids) expect(id).toMatch(UUID_V4);
        expect(new Set(ids).size).toBe(count);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps an id as it was when more are made', () => {
    const first = newRequestId();
    const copy = `${first}`.split('').join('');
    for (let i = 0; i < 300; i++) newRequestId();
    expect(first).toBe(copy);
  });

  it('writes every random digit: each free position takes all 16 values', () => {
    const ids = Array.from({ length: 4096 }, newRequestId);
    const fixed = new Map([
      [8, '-'],
      [13, '-'],
      [14, '4'],
      [18, '-'],
      [23, '-'],
    ]);
    for (let at = 0; at < 36; at++) {
      const seen = new Set(ids.map((id) => id[at]));
      if (fixed.has(at)) expect([...seen]).toEqual([fixed.get(at)]);
      else if (at === 19) expect([...seen].sort().join('')).toBe('89ab');
      else expect(seen.size).toBe(16);
    }
  });

  it('has the shape of crypto.randomUUID()', () => {
    expect(newRequestId().replace(/[0-9a-f]/g, 'x')).toBe(randomUUID().replace(/[0-9a-f]/g, 'x'));
  });
});
