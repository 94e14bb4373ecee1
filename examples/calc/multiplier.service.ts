import { Api, ApiOperation, Int, RemoteMethod, RemoteService } from 'portico';
import { MulInput, MulOutput } from './payloads';

/** Multiplies integers in four shapes, one per combination of argument and result types. */
@Api({ description: 'Multiplication in every argument shape' })
@RemoteService('multiplier')
export class MultiplierService {
  /** Multiplies two integers; RMC only, since it takes two arguments. */
  @RemoteMethod({ params: [Int, Int], returns: Int })
  mulOne(a: number, b: number): number {
    return a * b;
  }

  @ApiOperation('Multiplies a by b and answers the product in a MulOutput')
  mulTwo(input: MulInput): MulOutput {
    return new MulOutput(input.a * input.b);
  }

  @ApiOperation('Multiplies a by b and answers the bare product', { returns: Int })
  mulThree(input: MulInput): number {
    return input.a * input.b;
  }

  /** Multiplies two integers into a MulOutput; RMC only. */
  @RemoteMethod({ params: [Int, Int] })
  mulFour(a: number, b: number): MulOutput {
    return new MulOutput(a * b);
  }
}
