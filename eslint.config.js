import js from '@eslint/js';
import globals from 'globals';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

// The layers of frontend/src (docs/frontend.md, "Layout"): config, constants, lib and
// components -> features -> pages -> app. A zone forbids its `target` to import anything
// resolved under `from`; paths are relative to this file.
const SRC = './frontend/src';
const SHARED = ['config', 'constants', 'lib', 'components'].map((dir) => `${SRC}/${dir}`);
// Every folder of features/ is a feature, so a new one is fenced in without a change here.
const FEATURES = readdirSync(new URL('frontend/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// What points upwards: the shared layers know no feature, page or app; a feature knows no
// page or app; a page does not know the app.
const UPWARDS = [
  {
    target: SHARED,
    from: [`${SRC}/features`, `${SRC}/pages`, `${SRC}/app`],
    message: 'config, constants, lib and components are below features, pages and app.',
  },
  {
    target: `${SRC}/features`,
    from: [`${SRC}/pages`, `${SRC}/app`],
    message: 'A feature is below pages and app: a page composes features, not the reverse.',
  },
  {
    target: `${SRC}/pages`,
    from: `${SRC}/app`,
    message: 'Pages are below app (routes, providers, layout).',
  },
];
// Features do not import each other: what two need is passed in by the page that composes
// them, or lives in a shared layer.
const ACROSS_FEATURES = FEATURES.map((feature) => ({
  target: `${SRC}/features/${feature}`,
  from: `${SRC}/features`,
  except: [`./${feature}`],
  message: `features/${feature} may not import another feature.`,
}));
// The checkout feature is used through its public face, features/checkout/index.js.
const PUBLIC_FACES = [
  {
    target: [`${SRC}/pages`, `${SRC}/app`],
    from: `${SRC}/features/checkout`,
    except: ['./index.js'],
    message: 'Import the checkout feature from features/checkout (its index.js).',
  },
];
// Tests and their helpers are harnesses: they may assemble providers and fakes of several
// features (a component test may wrap a feature's provider, a page test the app's layout),
// but a test of a feature or a shared piece never reaches up into pages or app.
const TESTS = [
  'frontend/**/*.test.{js,jsx}',
  'frontend/src/**/testing/**',
  'frontend/src/**/testing.js',
];

export default [
  { ignores: ['static/**', 'node_modules/**', '.venv/**', 'staticfiles/**'] },
  js.configs.recommended,
  {
    files: ['frontend/**/*.{js,jsx}'],
    plugins: { react, 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      // process.env.API_BASE is replaced at build time (webpack DefinePlugin).
      globals: { ...globals.browser, process: 'readonly' },
    },
    settings: {
      react: { version: 'detect' },
      'import/resolver': { node: { extensions: ['.js', '.jsx'] } },
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'react/prop-types': 'off',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Every import resolves (an import the resolver cannot follow escapes the zones).
      'import/no-unresolved': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...UPWARDS, ...ACROSS_FEATURES, ...PUBLIC_FACES],
        },
      ],
      'import/no-cycle': 'error',
      // Pages never talk HTTP or storage directly (style.md: one API client, one storage).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Use lib/apiClient.js.' },
            // Identical toasts collapse into one only through lib/toast.js.
            { name: 'react-hot-toast', message: 'Use lib/toast.js.' },
          ],
        },
      ],
    },
  },
  {
    // Tests clear react-hot-toast's store between cases.
    files: [
      'frontend/src/lib/apiClient.js',
      'frontend/src/lib/toast.js',
      'frontend/src/components/ToastArea.jsx',
      'frontend/**/*.test.{js,jsx}',
      'frontend/src/features/auth/testing/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['frontend/**/*.test.{js,jsx}', 'frontend/test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: TESTS,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [...SHARED, `${SRC}/features`],
              from: [`${SRC}/pages`, `${SRC}/app`],
              message: 'A test of a feature or a shared piece does not reach up to pages or app.',
            },
          ],
        },
      ],
    },
  },
  prettier,
];
