import { setTimeout as delay } from 'node:timers/promises';
import { Int, nativeApp, RemoteMethod, RemoteService } from 'portico';

/** Methods that take their time, or never answer at all. */
@RemoteService('slow')
export class SlowService {
  started = 0;
  finished = 0;

  @RemoteMethod({ params: [Int], returns: Int })
  async sleep(ms: number): Promise<number> {
    this.started++;
    await delay(ms);
    this.finished++;
    return ms;
  }

  @RemoteMethod({ params: [Int], returns: Int })
  hang(_: number): Promise<number> {
    this.started++;
    return new Promise<number>(() => {});
  }

  @RemoteMethod({ params: [Int], returns: Int })
  async lateFail(ms: number): Promise<number> {
    this.started++;
    await delay(ms);
    this.finished++;
    throw new Error('failed after the deadline');
  }

  @RemoteMethod({ params: [Int], returns: Int })
  quick(n: number): number {
    return n;
  }

  @RemoteMethod({ params: [Int], returns: Int })
  boom(_: number): number {
    throw new Error('failed at once');
  }
}

/** A microservice of one {@link SlowService}, with an optional cap of calls at once. */
export function slowApp(name: string, maxConcurrentCalls?: number, service = new SlowService()) {
  return nativeApp({
    name,
    services: [service],
    ...(maxConcurrentCalls === undefined ? {} : { maxConcurrentCalls }),
  });
}

/** Answers as large as asked: for clients that never read them. */
@RemoteService('big')
export class BigAnswers {
  @RemoteMethod({ params: [Int], returns: String })
  text(kib: number): string {
    return 'x'.repeat(kib * 1024);
  }
}

/** A microservice of one {@link BigAnswers}. */
export const bigApp = nativeApp({ name: 'big', services: [new BigAnswers()] });
