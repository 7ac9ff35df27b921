// Jest in ESM mode (NestJS 12 is ESM-only): ts-jest compiles TypeScript to ES modules.
// unit: pure rules and small services beside the code; integration: the whole app on real
// PostgreSQL and Redis; e2e: the built app in headless Chromium.
const ESM_ONLY_REQUIRED = ['content-disposition'];
const tsJest = ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.test.json' }];
// Real PostgreSQL and Redis are started only when a project that needs them runs.
const services = { globalSetup: '<rootDir>/test/support/global-setup.ts', globalTeardown: '<rootDir>/test/support/global-teardown.ts' };
// Jest's own loader can require() an ES module from Node 22.12 on; before that, ESM-only packages that
// CommonJS dependencies require() are compiled to CommonJS first.
const [major, minor] = process.versions.node.split('.').map(Number);
const requireEsmInJest = major > 22 || (major === 22 && minor >= 12);
const esmToCjs = requireEsmInJest
  ? {}
  : {
      [`node_modules/(${ESM_ONLY_REQUIRED.join('|')})/.+\\.js$`]: [
        'babel-jest',
        { plugins: ['@babel/plugin-transform-modules-commonjs'], babelrc: false, configFile: false },
      ],
    };
const common = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': tsJest, ...esmToCjs },
  transformIgnorePatterns: requireEsmInJest ? ['/node_modules/'] : [`node_modules/(?!(${ESM_ONLY_REQUIRED.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  // The UIs import src/shared as `@shared/...` (their tsconfig paths and Vite aliases).
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/src/shared/$1' },
};

export default {
  testTimeout: 60_000,
  // `npm test` runs the suite as parallel shards, each on its own database (test/support/shard-sequencer.mjs).
  testSequencer: '<rootDir>/test/support/shard-sequencer.mjs',
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
