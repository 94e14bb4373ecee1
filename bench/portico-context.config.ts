import {
  ApiOperation,
  getCallContext,
  type MainServerConfig,
  nativeApp,
  RemoteService,
} from 'portico';
import { MulInput, MulOutput } from '../examples/calc/payloads';

/** The example's `mulTwo`, declared to read no context after it returns: no AsyncLocalStorage. */
@RemoteService('multiplier')
export class SyncContextMultiplierService {
  @ApiOperation('Multiplies a by b', { callContext: 'sync' })
  mulTwo(input: MulInput): MulOutput {
    return new MulOutput(input.a * input.b);
  }
}

/** The same `mulTwo` without the declaration: its calls run under AsyncLocalStorage. */
@RemoteService('multiplier')
export class UndeclaredMultiplierService {
  @ApiOperation('Multiplies a by b')
  mulTwo(input: MulInput): MulOutput {
    return new MulOutput(input.a * input.b);
  }
}

/** `mulTwo` as a method that uses its context: it reads it, awaits, and reads it again. */
@RemoteService('multiplier')
export class ContextReadingMultiplierService {
  @ApiOperation('Multiplies a by b, reading the call context')
  async mulTwo(input: MulInput): Promise<MulOutput> {
    const before = getCallContext().requestId;
    await Promise.resolve();
    if (getCallContext().requestId !== before) throw new Error('another call context');
    return new MulOutput(input.a * input.b);
  }
}

const SERVICES = {
  sync: SyncContextMultiplierService,
  undeclared: UndeclaredMultiplierService,
  read: ContextReadingMultiplierService,
};

/**
 * A main server like the benchmark's own whose `calc.mulTwo` leaves the call context unused and
 * says so; with `BENCH_CONTEXT=undeclared` does not say so, with `BENCH_CONTEXT=read` reads it
 * (docs/design-context.md).
 */
const service = SERVICES[(process.env.BENCH_CONTEXT ?? 'sync') as keyof typeof SERVICES];
const config: MainServerConfig = {
  microservices: [nativeApp({ name: 'calc', services: [service] })],
  host: '127.0.0.1',
};

export default config;
