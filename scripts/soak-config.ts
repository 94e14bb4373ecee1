import { setTimeout as delay } from 'node:timers/promises';
import calc from '../examples/calc';
import {
  Int,
  type MainServerConfig,
  nativeApp,
  RemoteError,
  RemoteMethod,
  RemoteService,
} from '../src/index';

/** Methods the soak run needs beyond the calculator: slow, never answering, and failing ones. */
@RemoteService('soak')
export class SoakService {
  @RemoteMethod({ params: [Int], returns: Int })
  async sleep(ms: number): Promise<number> {
    await delay(ms);
    return ms;
  }

  @RemoteMethod({ params: [Int], returns: Int })
  hang(_: number): Promise<number> {
    return new Promise<number>(() => {});
  }

  @RemoteMethod({ params: [Int], returns: Int })
  fail(kind: number): number {
    if (kind === 0) throw new RemoteError('OUT_OF_STOCK', 'nothing left', { status: 409 });
    throw new Error('an unexpected failure');
  }
}

/**
 * The main server of the soak run (`portico start dist/scripts/soak-config.js`): the calculator,
 * and `soak` with a small cap and a short deadline, so that 503 and 504 happen now and then.
 */
const config: MainServerConfig = {
  logLevel: 'warn',
  microservices: [
    calc,
    nativeApp({ name: 'soak', services: [SoakService], maxConcurrentCalls: 16 }),
  ],
  ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 1000, maxBodyBytes: 64 * 1024 } },
  http: { headersTimeoutMs: 2000, requestTimeoutMs: 4000 },
};
export default config;
