/** Jest runs the TypeScript sources as ESM; type checking is `npm run build`'s job. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // The end-to-end tests run the action bundled from the current source, built once here.
  globalSetup: '<rootDir>/testing/test-bundle.ts',
  testTimeout: 30000,
  maxWorkers: 2
}
