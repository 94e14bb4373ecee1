import { ERROR_STATUS } from '../errors';
import { encodeReply } from '../protocol/codec';
import { type CallEnvelope, type CallReply } from '../protocol/envelope';

/** The replica that answers: its id, which every reply frame carries, and what NATS carries. */
export interface ReplySender {
  readonly replica: string;
  /** The max payload of the NATS server the replica is connected to now. */
  readonly maxPayload: number;
}

/** What a reply answers: a call, or, for a frame that could not be read, the microservice's name. */
export type Answered = Pick<CallEnvelope, 'microservice' | 'service' | 'method'> | string;

/** `microservice/service/method` of the call answered, or the microservice's name. */
export function answeredName(what: Answered): string {
  return typeof what === 'string' ? what : `${what.microservice}/${what.service}/${what.method}`;
}

/**
 * The frame that answers `what`: the reply with the sender's id, measured as it goes on the wire,
 * id included. When it does not fit the max payload, a 500 `REPLY_TOO_LARGE` frame instead, so
 * that the caller gets an answer at once rather than waiting for its deadline.
 */
export function replyFrame(reply: CallReply, what: Answered, sender: ReplySender): Uint8Array {
  const { replica, maxPayload } = sender;
  const frame = encodeReply(reply, replica);
  if (frame.length <= maxPayload) return frame;
  const name = answeredName(what);
  return encodeReply(
    {
      ok: false,
      error: {
        status: ERROR_STATUS.REPLY_TOO_LARGE,
        code: 'REPLY_TOO_LARGE',
        message: `the reply of ${name} is ${frame.length} bytes; NATS carries at most ${maxPayload}`,
      },
    },
    replica,
  );
}
