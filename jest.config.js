/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleNameMapper: {
    '^portico$': '<rootDir>/src/index.ts',
    '^portico/client$': '<rootDir>/src/client/index.ts',
  },
  testTimeout: 30000,
  // Most files wait on processes they start (nats-server, servers, tsc, npm, Chromium): two
  // workers keep two cores busy. The runner runs the fault-timing files last and alone.
  maxWorkers: 2,
  runner: '<rootDir>/test/support/grouped-runner.js',
};
