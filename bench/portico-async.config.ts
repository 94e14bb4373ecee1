import { ApiOperation, type MainServerConfig, nativeApp, RemoteService } from 'portico';
import { MulInput, MulOutput } from '../examples/calc/payloads';

/** The example's `mulTwo` as most services are written: an `async` method. */
@RemoteService('multiplier')
export class AsyncMultiplierService {
  @ApiOperation('Multiplies a by b, asynchronously')
  async mulTwo(input: MulInput): Promise<MulOutput> {
    return new MulOutput(input.a * input.b);
  }
}

/**
 * A main server like the benchmark's own, whose `calc` has the asynchronous `mulTwo`: it measures
 * the path of a method that returns a promise (the deadline timer, the runtime's give-up timer).
 */
const config: MainServerConfig = {
  microservices: [nativeApp({ name: 'calc', services: [AsyncMultiplierService] })],
  host: '127.0.0.1',
};

export default config;
