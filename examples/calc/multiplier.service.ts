import { Api, ApiOperation, Int, RemoteMethod, RemoteService } from 'portico';
import { MulInput, MulOutput } from './payloads';

/**
 * Multiplies integers in four shapes, one per combination of argument and result types. No method
 * reads its call context, and each says so (`callContext: 'sync'`): their calls then need no
 * AsyncLocalStorage (docs/design-context.md).
 */
@Api({ description: 'Multiplication in every argument shape' })
@RemoteService('multiplier')
export class MultiplierService {
  /** Multiplies two integers; RMC only, since it takes two arguments. */
  @RemoteMethod({ params: [Int, Int], returns: Int, callContext: 'sync' })
  mulOne(a: number, b: number): number {
    return a * b;
  }

  @ApiOperation('Multiplies a by b and answers the product in a MulOutput', {
    callContext: 'sync',
  })
  mulTwo(input: MulInput): MulOutput {
    return new MulOutput(input.a * input.b);
  }

  @ApiOperation('Multiplies a by b and answers the bare product', {
    returns: Int,
    callContext: 'sync',
  })
  mulThree(input: MulInput): number {
    return input.a * input.b;
  }

  /** Multiplies two integers into a MulOutput; RMC only. */
  @RemoteMethod({ params: [Int, Int], callContext: 'sync' })
  mulFour(a: number, b: number): MulOutput {
    return new MulOutput(a * b);
  }
}
