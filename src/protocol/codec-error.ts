/** Why a frame was refused. */
export type CodecErrorCode = 'MALFORMED_FRAME' | 'UNKNOWN_VERSION' | 'FRAME_TOO_LARGE';

/** A frame that cannot be decoded: malformed, of an unknown version, or too large. */
export class CodecError extends Error {
  readonly code: CodecErrorCode;

  constructor(code: CodecErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'CodecError';
    this.code = code;
  }
}
