const { existsSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The files that time how fast a fault is noticed on real processes (a replica stopped, killed or
 * unheard, a NATS node gone, a call held past its deadline): replicas ping every few hundred
 * milliseconds, so a busy neighbour (Chromium, tsc, npm) can make a ping late and a healthy replica
 * look lost. They run last, one at a time, with no other file beside them at the normal scheduling
 * class: CI runs work of its own beside them at the idle class (.ci/run), which gives a core up
 * the moment a process of theirs wants it.
 */
const ALONE = [
  'test/hardening/nats-faults.test.ts',
  'test/nats/chaos.test.ts',
  'test/nats/drain-grace.test.ts',
  'test/nats/fail-fast.test.ts',
  'test/nats/hung-nats-node.test.ts',
  'test/nats/nats-cluster.test.ts',
  'test/nats/nats-restart.test.ts',
  'test/nats/no-replica-left.test.ts',
  'test/nats/no-replica-open.test.ts',
  'test/nats/no-replica-reopen.test.ts',
  'test/nats/replica-back-log.test.ts',
  'test/nats/replica-faults.test.ts',
  'test/nats/replica-introduction.test.ts',
  'test/nats/replica-lost-calls.test.ts',
  'test/nats/replica-restart-id.test.ts',
  'test/nats/replica-version-skew.test.ts',
  'test/nats/secure-cluster.test.ts',
  'test/nats/stalled-replica.test.ts',
  'test/nats/steering.test.ts',
  'test/nats/twin-replica-ids.test.ts',
  'test/nats/unheard-replica.test.ts',
  'test/regression/hung-method-holds-replica-slot.test.ts',
  'test/scaling-out-readme.test.ts',
];

/**
 * The longest files, started first: on a clean clone Jest knows no durations and orders by file
 * size, which could leave one of these to run alone at the end.
 */
const FIRST = ['test/browser/swagger-ui.test.ts', 'test/adopter/adopter.test.ts'];

for (const file of [...ALONE, ...FIRST]) {
  if (!existsSync(path.join(ROOT, file))) {
    throw new Error(`test/support/test-groups.js names ${file}, which does not exist`);
  }
}

module.exports = { ROOT, ALONE, FIRST };
