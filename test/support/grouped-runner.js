const { writeFileSync } = require('node:fs');
const path = require('node:path');
const TestRunner = require('jest-runner').default;
const { ALONE, FIRST, ROOT } = require('./test-groups');

const named = (list) => (test) => list.includes(path.relative(ROOT, test.path));
const alone = named(ALONE);
const first = named(FIRST);

/**
 * Jest's runner, in two groups: every file but ALONE in workers (FIRST first), then ALONE in band.
 * As ALONE starts, it creates the file PORTICO_ALONE_MARK names, if it names one.
 */
class GroupedRunner extends TestRunner {
  async runTests(tests, watcher, options) {
    if (options.serial) return super.runTests(tests, watcher, options);
    const rest = tests.filter((test) => !alone(test));
    const ordered = [...rest.filter(first), ...rest.filter((test) => !first(test))];
    if (ordered.length > 0) await super.runTests(ordered, watcher, options);
    const last = tests.filter(alone);
    if (last.length > 0 && !watcher.isInterrupted()) {
      // CI starts its idle-class work beside ALONE from here on (.ci/run).
      if (process.env.PORTICO_ALONE_MARK) writeFileSync(process.env.PORTICO_ALONE_MARK, '');
      await super.runTests(last, watcher, { ...options, serial: true });
    }
  }
}

module.exports = GroupedRunner;
