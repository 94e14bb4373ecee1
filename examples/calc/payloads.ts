import { Alias, Field, Int } from 'portico';

/** The input of the multiplier's one-argument methods. */
@Alias('mulInput')
export class MulInput {
  /** The first factor. */
  @Field(Int) a!: number;
  /** The second factor. */
  @Field(Int) b!: number;
}

/** The product. */
@Alias('mulOutput')
export class MulOutput {
  /** The product of a and b. */
  @Field(Int) result!: number;

  constructor(result: number) {
    this.result = result;
  }
}

/** Two operands of the calculator. */
@Alias('operationInput')
export class OperationInput {
  /** The left operand. */
  @Field(Int) a!: number;
  /** The right operand. */
  @Field(Int) b!: number;
}

/** The calculator's result. */
@Alias('operationOutput')
export class OperationOutput {
  /** The result of the operation. */
  @Field(Int) result!: number;

  constructor(result: number) {
    this.result = result;
  }
}

/** Pairs of operands whose products the calculator sums. */
@Alias('productSum')
export class ProductSum {
  /** The pairs, at least one. */
  @Field([OperationInput]) pairs!: OperationInput[];
}
