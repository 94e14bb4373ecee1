import { STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import Koa from 'koa';
import { RemoteError } from 'portico';
import { ERROR_STATUS } from '../../src/errors';
import { codeOfStatus } from '../../src/http/code-of-status';
import { middlewareErrorBody } from '../../src/server/middleware-error-body';
import { docSection } from '../support/docs';

/** What Koa's `ctx.throw(status, message)` throws (an error of http-errors). */
function thrownByKoa(status: number, message: string): unknown {
  try {
    new Koa().context.throw(status, message);
  } catch (error) {
    return error;
  }
  throw new Error('ctx.throw returned');
}

/** Any value a middleware may throw: errors with any status, expose and message, and non-errors. */
const thrown = fc.oneof(
  fc.anything(),
  fc
    .record({
      message: fc.string(),
      status: fc.oneof(fc.integer({ min: -1, max: 1000 }), fc.anything()),
      expose: fc.oneof(fc.boolean(), fc.anything()),
    })
    .map(({ message, status, expose }) => Object.assign(new Error(message), { status, expose })),
  fc.integer({ min: 400, max: 599 }).map((status) => thrownByKoa(status, 'a message')),
);

describe('middlewareErrorBody', () => {
  it('answers any thrown value with a status of 400-599, its code, and no stack', () => {
    fc.assert(
      fc.property(thrown, fc.boolean(), (value, development) => {
        const body = middlewareErrorBody(value, development);
        expect(body.status).toBeGreaterThanOrEqual(400);
        expect(body.status).toBeLessThanOrEqual(599);
        expect(body.code).toBe(codeOfStatus(body.status));
        expect(body.code).toMatch(/^[A-Z0-9]+(_[A-Z0-9]+)*$/);
        expect(body.message).not.toMatch(/\n\s+at /);
      }),
    );
  });

  it('outside development mode, shows a message only where the error exposes it', () => {
    fc.assert(
      fc.property(thrown, (value) => {
        const body = middlewareErrorBody(value, false);
        const exposed = value instanceof Error && (value as { expose?: unknown }).expose === true;
        if (!exposed) expect(['Internal server error', ...statusTexts()]).toContain(body.message);
      }),
    );
  });

  it("keeps ctx.throw's status, and its message below 500", () => {
    expect(middlewareErrorBody(thrownByKoa(401, 'token expired'), false)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'token expired',
    });
    expect(middlewareErrorBody(thrownByKoa(502, 'upstream at 10.0.0.7'), false)).toEqual({
      status: 502,
      code: 'BAD_GATEWAY',
      message: 'Bad Gateway',
    });
  });

  it('keeps a remote error as a method would, and makes anything else an INTERNAL_ERROR', () => {
    const remote = new RemoteError('OUT_OF_STOCK', 'nothing left', { status: 409 });
    expect(middlewareErrorBody(remote, false)).toEqual(remote.toBody());
    for (const value of [null, undefined, 'x', 42, { status: 401 }, new Error('boom')]) {
      expect(middlewareErrorBody(value, false)).toEqual({
        status: 500,
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
      });
    }
    expect(middlewareErrorBody(null, true).message).toBe('non-error thrown: null');
  });
});

describe('codeOfStatus', () => {
  it("is the table's code for the statuses whose name the table uses", () => {
    const named = Object.entries(ERROR_STATUS).filter(([code, status]) => {
      return codeOfStatus(status) === code;
    });
    expect(named.map(([code]) => code).sort()).toEqual(
      [
        'BAD_REQUEST',
        'FORBIDDEN',
        'INTERNAL_ERROR',
        'METHOD_NOT_ALLOWED',
        'NOT_ACCEPTABLE',
        'NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'REQUEST_TIMEOUT',
        'SERVICE_UNAVAILABLE',
        'UNSUPPORTED_MEDIA_TYPE',
      ].sort(),
    );
  });

  it('is what docs/errors.md says of each status it names', () => {
    const section = docSection('docs/errors.md', 'Errors of your own middleware');
    const told = [...section.matchAll(/(\d{3}) `([A-Z_]+)`/g)];
    expect(told.length).toBeGreaterThan(4);
    for (const [, status, code] of told)
      expect([status, codeOfStatus(Number(status))]).toEqual([status, code]);
  });
});

/** The texts of the statuses from 400 up. */
function statusTexts(): string[] {
  return Object.entries(STATUS_CODES).flatMap(([status, text]) =>
    Number(status) >= 400 && text ? [text] : [],
  );
}
