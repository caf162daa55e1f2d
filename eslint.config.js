// Lint: TypeScript strictness, React hooks and accessibility rules, and the architecture's
// boundaries (shared imports neither side; web and server never import each other; web
// features do not import each other), all at error level.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = existsSync('src/web/features') ? readdirSync('src/web/features') : [];
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'web features do not import each other: compose them in src/web/app',
}));

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.react-router/**', 'data/**', 'bench/results/**', 'bench/.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared is isomorphic: it imports neither server nor web' },
            { target: './src/shared', from: './src/web', message: 'shared is isomorphic: it imports neither server nor web' },
            { target: './src/web', from: './src/server', message: 'the web app never imports the server' },
            { target: './src/server', from: './src/web', message: 'the server never imports the web app' },
            ...webFeatureZones,
            {
              target: './src/server/features',
              from: './src/server/platform/system',
              message: 'only start-up and jobs may use the cross-tenant system module',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-dom', 'drizzle-orm*', 'fastify*'], message: 'shared code is isomorphic' }] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
