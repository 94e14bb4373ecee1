import { ERROR_STATUS, type ErrorBody } from '../errors';

/**
 * The answers of a replica that does not run a call it was sent: its queue is full, or the main
 * server has answered the call already (docs/faults.md) and drops the reply; or, for the last two,
 * the replica leaves as its drain's grace ends (docs/scaling-out.md).
 */
export const REFUSALS = {
  overloaded: {
    status: ERROR_STATUS.OVERLOADED,
    code: 'OVERLOADED',
    message: 'the replica has as many calls waiting as it takes; try again',
  },
  tooLate: {
    status: ERROR_STATUS.NOT_ACKNOWLEDGED,
    code: 'NOT_ACKNOWLEDGED',
    message: 'the call came after the time by which a replica had to take it; it did not run',
  },
  stalled: {
    status: ERROR_STATUS.REPLICA_LOST,
    code: 'REPLICA_LOST',
    message: 'the replica stalled after it took the call and was counted lost; it did not run',
  },
  leftWaiting: {
    status: ERROR_STATUS.NOT_ACKNOWLEDGED,
    code: 'NOT_ACKNOWLEDGED',
    message:
      'the replica left at the end of its drain grace before the call had a slot; it did not run',
  },
  leftRunning: {
    status: ERROR_STATUS.REPLICA_LOST,
    code: 'REPLICA_LOST',
    message:
      'the replica left at the end of its drain grace while the call ran; it may have run, wholly or partly',
  },
} as const satisfies Record<string, ErrorBody>;
