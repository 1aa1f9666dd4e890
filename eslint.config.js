import js from '@eslint/js';
import globals from 'globals';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default [
  { ignores: ['static/**', 'node_modules/**', '.venv/**', 'staticfiles/**'] },
  js.configs.recommended,
  {
    files: ['frontend/**/*.{js,jsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      // process.env.API_BASE is replaced at build time (webpack DefinePlugin).
      globals: { ...globals.browser, process: 'readonly' },
    },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'react/prop-types': 'off',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
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
  prettier,
];
