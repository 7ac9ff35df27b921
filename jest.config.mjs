// Jest in ESM mode (NestJS 12 is ESM-only): ts-jest compiles TypeScript to ES modules.
// unit: pure rules and small services beside the code; integration: the whole app on real
// PostgreSQL and Redis; e2e: the built app in headless Chromium.
const ESM_ONLY_REQUIRED = ['content-disposition'];
const tsJest = ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.test.json' }];
// Real PostgreSQL and Redis are started only when a project that needs them runs.
const services = { globalSetup: '<rootDir>/test/support/global-setup.ts', globalTeardown: '<rootDir>/test/support/global-teardown.ts' };
const common = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': tsJest,
    // ESM-only packages that CommonJS dependencies require() (Node 20 can, Jest's loader cannot).
    [`node_modules/(${ESM_ONLY_REQUIRED.join('|')})/.+\\.js$`]: [
      'babel-jest',
      { plugins: ['@babel/plugin-transform-modules-commonjs'], babelrc: false, configFile: false },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(${ESM_ONLY_REQUIRED.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  // The UIs import src/shared as `@shared/...` (their tsconfig paths and Vite aliases).
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/src/shared/$1' },
};

export default {
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/admin-ui/src/**/*.spec.ts', '<rootDir>/public-ui/src/**/*.spec.ts'],
    },
    { ...common, ...services, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'] },
    { ...common, ...services, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
  ],
};
