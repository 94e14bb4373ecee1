/** Why a request got no reply: no replica listens, its time ran out, or the mux was closed. */
export class NoReplyError extends Error {
  constructor(
    readonly reason: 'no-responders' | 'timeout' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'NoReplyError';
  }
}
