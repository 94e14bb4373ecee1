import { ts } from 'ts-morph';
import { type Diagnostic, type OperationModel } from '../model';
import { type SchemaModel } from '../schema-model';
import { type Converter } from './converter';
import { extractOperation, isDescribed, type ServiceInfo } from './extract-operation';
import { type ApiClass } from './find-api-classes';
import { walkSchema } from './schema-walk';
import { locationOf } from './source-text';
import { isStatic, reportUncallable } from './uncallable-members';

/** The type text of the first part of `schema` with no JSON description, if any. */
function unsupportedIn(converter: Converter, schema: SchemaModel | 'void'): string | undefined {
  if (schema === 'void') return undefined;
  let found: string | undefined;
  walkSchema(schema, converter.registry.named, '', (part) => {
    if (found === undefined && part.kind === 'unsupported') found = part.typeText;
    return found === undefined;
  });
  return found;
}

/** An operation for the contract alone, or why the method keeps its decorators' types. */
type ContractOnly =
  | { readonly operation: OperationModel; readonly note?: undefined }
  | { readonly operation?: undefined; readonly note?: Diagnostic };

/**
 * The operation of a remote method that the document leaves out (a `@RemoteMethod`, or any
 * method of a class without `@Api`), for the contract (docs/design-contract.md): typed like a
 * described one, so plain types work for it too. One whose types the contract cannot carry keeps
 * its decorators' types, as without a contract, with a warning that says why.
 */
function contractOnlyOperation(
  converter: Converter,
  method: ts.MethodDeclaration,
  { info, diagnostics }: { info: ServiceInfo; diagnostics: Diagnostic[] },
): ContractOnly {
  const mark = diagnostics.length;
  const operation = extractOperation(converter, method, info, true);
  // What the document would say of the method is not for this pass: only the verdict is kept.
  const found = diagnostics.splice(mark);
  // A signature no call can reach as written (overloads, a rest parameter) is refused all the same.
  if (!operation) return { note: found.find((d) => d.severity === 'error') };
  const error = found.find((d) => d.severity === 'error')?.message;
  const params = operation.body.schema;
  const unsupported =
    unsupportedIn(converter, params) ?? unsupportedIn(converter, operation.result);
  const why = error ?? (unsupported && `it has type \`${unsupported}\`, which has no JSON form`);
  if (why === undefined) return { operation };
  const message = `${info.service}.${operation.method} is left out of the contract and keeps its decorators' types: ${why}`;
  return { note: { severity: 'warning', message, location: locationOf(method.name) } };
}

/** What reading the operations of a class needs besides the class. */
export interface Reading {
  readonly converter: Converter;
  /** Also the remote methods the document leaves out, for the contract. */
  readonly everyRemoteMethod: boolean;
  readonly diagnostics: Diagnostic[];
  readonly notes: Diagnostic[];
  /** For the contract: why a method may read its call context, `undefined` if it cannot. */
  readonly contextReach?: (method: ts.MethodDeclaration) => string | undefined;
}

/** The operation with `callContext: 'sync'` where the build proved the method reads no context. */
function withReach(reading: Reading, method: ts.MethodDeclaration, operation: OperationModel) {
  const { contextReach } = reading;
  if (!contextReach || contextReach(method) !== undefined) return operation;
  return { ...operation, callContext: 'sync' as const };
}

/** The operations of a class: those the document describes, and with `everyRemoteMethod` the rest. */
export function operationsOf(reading: Reading, api: ApiClass, info: ServiceInfo): OperationModel[] {
  const { converter, everyRemoteMethod, diagnostics, notes } = reading;
  const all = api.node.members.filter(ts.isMethodDeclaration);
  // The contract's pass reads the class again: the first reports.
  if (!everyRemoteMethod) {
    reportUncallable(converter, api.node, info);
  }
  const methods = all.filter((m) => !isStatic(m));
  return methods.flatMap((method) => {
    if (api.documented && isDescribed(converter, method)) {
      const operation = extractOperation(converter, method, info);
      return operation ? withReach(reading, method, operation) : [];
    }
    if (!everyRemoteMethod) return [];
    const { operation, note } = contractOnlyOperation(converter, method, { info, diagnostics });
    if (note) notes.push(note);
    return operation ? withReach(reading, method, operation) : [];
  });
}
