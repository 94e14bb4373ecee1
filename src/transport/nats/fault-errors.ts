import { frameworkError } from '../../errors';

/** The answer to a call that the replica watch ends, by the fault (docs/faults.md). */
export const FAULT_ERRORS = {
  'replica-lost': (ms: string) =>
    frameworkError(
      'REPLICA_LOST',
      `the replica of ${ms} that took the call, or the connection to it, was lost before it answered; the call may have run`,
    ),
  'reply-lost': (ms: string) =>
    frameworkError('REPLY_LOST', `the replica of ${ms} ran the call, but its reply was lost`),
  unreported: (ms: string) =>
    frameworkError(
      'REPLICA_LOST',
      `no replica of ${ms} that the main server has heard reports taking the call, and none starts it now; one it has not heard yet may have run it`,
    ),
} as const satisfies Record<string, (microservice: string) => Error>;
