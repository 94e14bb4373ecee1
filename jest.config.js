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
};
