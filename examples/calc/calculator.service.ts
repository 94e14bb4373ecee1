import { Api, ApiOperation, RemoteError, RemoteService } from 'portico';
import { OperationInput, OperationOutput, ProductSum } from './payloads';

/** Integer arithmetic on two operands. */
@Api({ description: 'Integer arithmetic' })
@RemoteService('calculator')
export class CalculatorService {
  @ApiOperation('Adds b to a')
  add(input: OperationInput): OperationOutput {
    return new OperationOutput(input.a + input.b);
  }

  @ApiOperation('Subtracts b from a')
  sub(input: OperationInput): OperationOutput {
    return new OperationOutput(input.a - input.b);
  }

  @ApiOperation('Multiplies a by b')
  mul(input: OperationInput): OperationOutput {
    return new OperationOutput(input.a * input.b);
  }

  /** Integer division, truncated toward zero; b = 0 is a 400 DIVISION_BY_ZERO. */
  @ApiOperation('Divides a by b, truncating toward zero', {
    errors: [{ status: 400, code: 'DIVISION_BY_ZERO', description: 'b is 0' }],
  })
  div(input: OperationInput): OperationOutput {
    if (input.b === 0)
      throw new RemoteError('DIVISION_BY_ZERO', 'b must not be 0', { status: 400 });
    return new OperationOutput(Math.trunc(input.a / input.b));
  }

  /** Sums a·b over the pairs; an empty list is a 422 NO_PAIRS. */
  @ApiOperation('Sums the products of the pairs', {
    errors: [{ status: 422, code: 'NO_PAIRS', description: 'the list of pairs is empty' }],
  })
  sumOfProducts(input: ProductSum): OperationOutput {
    if (input.pairs.length === 0)
      throw new RemoteError('NO_PAIRS', 'give at least one pair', { status: 422 });
    return new OperationOutput(input.pairs.reduce((sum, pair) => sum + pair.a * pair.b, 0));
  }
}
