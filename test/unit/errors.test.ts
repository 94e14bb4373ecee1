import { ERROR_STATUS, isRemoteError, RemoteError } from 'portico';
import { toErrorBody } from '../../src/errors';

describe('toErrorBody', () => {
  it('keeps the status, code and message of a remote error below 500', () => {
    const error = new RemoteError('OUT_OF_STOCK', 'nothing left', { status: 409 });
    expect(toErrorBody(error, false)).toEqual({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'nothing left',
    });
  });

  it("hides the message of a service's own 5xx error outside development mode", () => {
    const error = new RemoteError('DB_DOWN', 'postgres://admin:secret@db', { status: 503 });
    expect(toErrorBody(error, false)).toEqual({
      status: 503,
      code: 'DB_DOWN',
      message: 'Internal server error',
    });
    expect(toErrorBody(error, true).message).toBe('postgres://admin:secret@db');
  });

  it("shows the framework's own 5xx messages, which carry no internals", () => {
    const error = new RemoteError('DEADLINE_EXCEEDED', 'the call took longer than 5 ms');
    expect(toErrorBody(error, false)).toEqual({
      status: 504,
      code: 'DEADLINE_EXCEEDED',
      message: 'the call took longer than 5 ms',
    });
    expect(toErrorBody(new RemoteError('INTERNAL_ERROR', 'detail'), false).message).toBe(
      'Internal server error',
    );
  });

  it('treats an error that merely calls itself RemoteError as unexpected: 500', () => {
    const impostor = Object.assign(new Error('inner detail'), {
      name: 'RemoteError',
      code: 'X',
      status: 200,
    });
    expect(isRemoteError(impostor)).toBe(false);
    expect(toErrorBody(impostor, false)).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(toErrorBody('a string', false).status).toBe(500);
    expect(toErrorBody(undefined, true).status).toBe(500);
  });

  it('shows the message and stack of an unexpected error in development mode', () => {
    const body = toErrorBody(new Error('inner detail'), true);
    expect(body.message).toContain('inner detail');
    expect(body.message).toContain('errors.test.ts');
  });
});

describe('RemoteError', () => {
  it('takes its status from the one table for framework codes, 500 for unknown ones', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS))
      expect(new RemoteError(code, '').status).toBe(status);
    expect(new RemoteError('SOMETHING', '').status).toBe(500);
  });

  it('refuses a status outside 400-599', () => {
    expect(() => new RemoteError('X', 'm', { status: 200 })).toThrow('400-599');
    expect(() => new RemoteError('X', 'm', { status: 600 })).toThrow('400-599');
  });
});
