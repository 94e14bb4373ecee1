import { type DeclaredErrorModel, type OperationModel } from '../model';
import { ERROR_RESPONSES, type HeaderParameter, operationIdOf } from '../protocol';

/** An error answer of one operation: a shared one by its key, or one with declared codes. */
export type OperationError =
  | { readonly status: number; readonly key: string }
  | { readonly status: number; readonly description: string; readonly codes: readonly string[] };

/**
 * The error answers of an operation: the entry point's (403 only where the method is privileged),
 * and the service errors it declares, merged into the entry point's answer of the same status.
 */
export function operationErrorsOf(op: OperationModel): OperationError[] {
  const declared = new Map<number, DeclaredErrorModel[]>();
  for (const e of op.errors ?? []) declared.set(e.status, [...(declared.get(e.status) ?? []), e]);
  const shared = ERROR_RESPONSES.filter((e) => e.status !== 403 || op.privileged);
  const statuses = [...new Set([...shared.map((e) => e.status), ...declared.keys()])];
  return statuses
    .sort((a, b) => a - b)
    .map((status) => {
      const own = declared.get(status);
      const common = shared.find((e) => e.status === status);
      if (!own) return { status, key: common?.key ?? '' };
      const listed = own.map((e) => `${e.code}${e.description ? `: ${e.description}` : ''}`);
      const description = [common?.description, ...listed].filter(Boolean).join('; ');
      return { status, description, codes: own.map((e) => e.code) };
    });
}

/** The X-SVC-API-ID header of an RMC operation: required, `RMC`. */
export const RMC_API_ID: HeaderParameter = {
  name: 'X-SVC-API-ID',
  description:
    'Invocation mode: this operation takes its arguments as an array, so RMC is required.',
  enum: ['RMC'],
};

const PRIVILEGED = {
  yes: 'Privileged: a call that the permission resolver does not grant is refused with 403.',
  maybe: 'May be privileged: a call that the permission resolver does not grant may get 403.',
};

/** What an operation says about itself beyond its JSDoc: RMC only, privileged, idempotent. */
function notesOf(op: OperationModel): Record<string, unknown> {
  const notes = [
    op.description,
    op.mode === 'RMC' ? 'RMC only: send X-SVC-API-ID: RMC and the arguments as an array.' : '',
    op.privileged ? PRIVILEGED[op.privileged === true ? 'yes' : 'maybe'] : '',
  ];
  const description = notes.filter(Boolean).join('\n\n');
  return {
    ...(description ? { description } : {}),
    ...(op.privileged ? { 'x-portico-privileged': op.privileged } : {}),
    ...(op.idempotent ? { 'x-portico-idempotent': true } : {}),
    ...(op.mode === 'RMC' ? { 'x-portico-api-id': 'RMC' } : {}),
  };
}

/** The fields every operation has in both document versions: tag, id, summary, description. */
export function operationHead(op: OperationModel): Record<string, unknown> {
  return {
    tags: [op.tag],
    operationId: operationIdOf(op),
    summary: op.summary,
    ...notesOf(op),
    ...(op.deprecated ? { deprecated: true } : {}),
  };
}

/** The 204 answer of an operation that returns a value or nothing (`T | undefined`). */
export function emptyAnswerOf(op: OperationModel): Record<string, { description: string }> {
  return op.answersEmpty ? { 204: { description: 'The method returned nothing' } } : {};
}

/** The success status of an operation (204 for `void`, else 200) and its description. */
export function successOf(op: OperationModel): { status: 200 | 204; description: string } {
  return op.result === 'void'
    ? { status: 204, description: op.resultDescription ?? 'Done; the method returns nothing' }
    : { status: 200, description: op.resultDescription ?? 'The result' };
}
