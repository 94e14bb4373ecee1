import { frameworkError, RETRY_AFTER } from '../../errors';

/** The answer to a call that the replica watch ends, by the fault (docs/faults.md). */
export const FAULT_ERRORS = {
  'replica-lost': (ms: string) =>
    frameworkError(
      'REPLICA_LOST',
      `the replica of ${ms} that took the call, or the connection to it, was lost before it answered; the call may have run`,
    ),
  'reply-lost': (ms: string) =>
    frameworkError('REPLY_LOST', `the replica of ${ms} ran the call, but its reply was lost`),
  cancel: (ms: string) =>
    frameworkError(
      'NOT_ACKNOWLEDGED',
      `no replica of ${ms} reports taking the call, and none will start it now`,
      { headers: RETRY_AFTER },
    ),
} as const satisfies Record<string, (microservice: string) => Error>;
