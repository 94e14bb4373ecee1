import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the entry point and the CORS policy use of a request and its answer: a part of Koa's
 * context, which Koa's context satisfies, and which the main server implements on Node's request
 * and response alone for a call that nothing else needs Koa for
 * (docs/history/performance-log.md, "Calls without Koa's context").
 */
export interface HttpContext {
  /** The request's method, as Node parsed it. */
  readonly method: string;
  /** The request's path, without its query. */
  readonly path: string;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The answer's status; setting it once the head is sent does nothing. */
  status: number;
  /** The answer's body: a string sets its `Content-Length` (its `Content-Type` is set before). */
  body: unknown;
  /** Sets a header, or each header of an object; nothing once the head is sent. */
  set(field: string, value: string): void;
  set(fields: Readonly<Record<string, string>>): void;
  /** Adds a request header's name to `Vary`, unless it is there already. */
  vary(field: string): void;
  /**
   * Where the line of an entry-point call waits for the status the client gets, when middleware
   * of the user's runs around the call and may change it (set by the main server's error
   * boundary); without it the line is written when the entry point answers.
   */
  readonly callLine?: CallLineHold;
}

/** The line of a call held until its answer's status is final: see {@link HttpContext.callLine}. */
export interface CallLineHold {
  /** True once the status is final: a line handed over later is written at once. */
  settled: boolean;
  /**
   * Writes the held line, counts the call and ends its span with the status sent, and the error
   * code of the answer when middleware replaced it; set by the entry point.
   */
  write: ((status: number, code?: string) => void) | undefined;
}
