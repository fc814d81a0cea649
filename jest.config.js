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
  // The end-to-end tests spend most of their time waiting on the bundled action and the stand-ins, so a third
  // worker on two cores brings the suite from about 510 s to about 350 s without a busier processor.
  maxWorkers: 3
}
