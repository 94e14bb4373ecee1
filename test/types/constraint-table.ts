/**
 * Compiled by `npm run typecheck`, never run: a constraint name without its entry in the one table
 * must not compile, so no list of names can drop one silently.
 */
import {
  CONSTRAINTS,
  type ConstraintEntry,
  type ConstraintName,
} from '../../src/decorators/constraint-table';
import { type Constraints } from '../../src/decorators/types';

const { maxItems: _dropped, ...withoutOne } = CONSTRAINTS;
// @ts-expect-error a table without the entry of maxItems is incomplete
withoutOne satisfies Record<ConstraintName, ConstraintEntry>;

type Widened = Constraints & { readonly multipleOf?: number };
// @ts-expect-error a name added to Constraints (multipleOf) has no entry in the table
CONSTRAINTS satisfies Record<keyof Widened, ConstraintEntry>;

CONSTRAINTS satisfies Record<ConstraintName, ConstraintEntry>;
