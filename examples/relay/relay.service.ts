import { Api, createNatsClient, Int, RemoteMethod, RemoteService } from 'portico';
import type { MultiplierService } from '../calc/multiplier.service';
import { MulOutput } from '../calc/payloads';

/** The calc microservice's multiplier, called over NATS with the caller's context and deadline. */
const multiplier = createNatsClient<MultiplierService>({
  microservice: 'calc',
  service: 'multiplier',
});

/** Answers by calling `calc` over NATS: a microservice that uses another one. */
@Api()
@RemoteService('relay')
export class RelayService {
  /** The square of `n`, computed by `calc`'s `mulOne(n, n)`. */
  @RemoteMethod({ params: [Int], returns: Int })
  async square(n: number): Promise<number> {
    return multiplier.mulOne(n, n);
  }

  /** The cube of `n`, in two calls to `calc`, answered as a MulOutput. */
  @RemoteMethod({ params: [Int], returns: MulOutput })
  async cube(n: number): Promise<MulOutput> {
    const square = await multiplier.mulOne(n, n);
    const { result } = await multiplier.mulTwo({ a: square, b: n });
    return new MulOutput(result);
  }
}
