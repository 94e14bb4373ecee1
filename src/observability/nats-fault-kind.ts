/**
 * A fault of the NATS hop, as counted: a call answered for a lost replica, a call whose reply was
 * lost, a call that a replica refused as read after its take-by time (it did not run), a retry of an
 * idempotent call, a reply that came after its call was answered (dropped). Apart from its
 * counters, so that the transports' declarations name it without reaching prom-client.
 */
export type NatsFault = 'replica-lost' | 'reply-lost' | 'cancel' | 'retry' | 'late-reply';
