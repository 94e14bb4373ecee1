import { createLimiter } from '../../src/replica/limiter';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("a replica's limiter", () => {
  it('runs a task at once in a free slot and hands back its value, the slot free again', () => {
    const limiter = createLimiter(1);
    const seen: boolean[] = [];
    const result = limiter.run((waited) => {
      seen.push(waited);
      expect(limiter.active).toBe(1);
      return 6;
    });
    expect(result).toBe(6);
    expect(seen).toEqual([false]);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot of a task that throws, and throws its error', () => {
    const limiter = createLimiter(1);
    expect(() =>
      limiter.run(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(limiter.active).toBe(0);
    expect(limiter.run(() => 'next')).toBe('next');
  });

  it('holds the slot of a task that returns a promise until it settles', async () => {
    const limiter = createLimiter(1);
    const first = deferred<string>();
    const running = limiter.run(() => first.promise);
    expect(limiter.active).toBe(1);
    const order: string[] = [];
    const second = limiter.run((waited) => {
      order.push(`second ran, waited ${waited}`);
      return 'second';
    });
    expect(limiter.waiting).toBe(1);
    expect(order).toEqual([]);
    first.resolve('first');
    await expect(running).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect(order).toEqual(['second ran, waited true']);
    expect(limiter.active).toBe(0);
    await limiter.idle();
  });

  it('frees the slot of a task whose promise rejects, and passes the rejection on', async () => {
    const limiter = createLimiter(1);
    const first = deferred<string>();
    const running = limiter.run(() => first.promise);
    const idle = limiter.idle();
    first.reject(new Error('refused'));
    await expect(running).rejects.toThrow('refused');
    await idle;
    expect(limiter.active).toBe(0);
  });

  it('runs waiting tasks in arrival order, never more than its slots at once', async () => {
    const limiter = createLimiter(2);
    const gates = [0, 1, 2, 3, 4].map(() => deferred<void>());
    const started: number[] = [];
    let most = 0;
    const runs = gates.map((gate, i) =>
      limiter.run(() => {
        started.push(i);
        most = Math.max(most, limiter.active);
        return gate.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(limiter.full).toBe(false);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('says it is full once every slot is taken and the wait queue holds its most', () => {
    const limiter = createLimiter(1, 1);
    const gate = deferred<void>();
    void limiter.run(() => gate.promise);
    expect(limiter.full).toBe(false);
    void limiter.run(() => undefined);
    expect(limiter.full).toBe(true);
    gate.resolve();
  });
});
