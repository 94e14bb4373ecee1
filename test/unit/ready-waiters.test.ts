import { readyWaiters } from '../../src/transport/nats/ready-waiters';

describe('readyWaiters', () => {
  it('answers true at once when ready, without waiting', async () => {
    const waiters = readyWaiters();
    await expect(waiters.wait(() => true)).resolves.toBe(true);
  });

  it('answers every waiting check once with what wakeAll says, and none after', async () => {
    const waiters = readyWaiters();
    const answers: boolean[] = [];
    const checks = Array.from({ length: 50_000 }, () =>
      waiters.wait(() => false).then((answer) => answers.push(answer)),
    );
    waiters.wakeAll(true);
    waiters.wakeAll(false);
    await Promise.all(checks);
    expect(answers).toHaveLength(50_000);
    expect(new Set(answers)).toEqual(new Set([true]));
  });

  it('lets a check that timed out go, answering what ready() says then', async () => {
    jest.useFakeTimers();
    try {
      const waiters = readyWaiters();
      let ready = false;
      const check = waiters.wait(() => ready);
      ready = true;
      jest.runOnlyPendingTimers();
      await expect(check).resolves.toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
