import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MODULES = 'apps/api/src/modules';

/**
 * The tables with an owner module (docs/decisions.md "Database"), and the files outside it that may still start a
 * query from the table. No file may be listed under two tables.
 */
const OWNED = {
  customers: [`${MODULES}/customers/**`],
  phonebots: [
    `${MODULES}/phonebots/**`,
    // A report: one query of every phonebot with its customer's name.
    `${MODULES}/usage/usage.service.ts`,
    // Not moved into the store yet.
    `${MODULES}/bot/bot.service.ts`,
    `${MODULES}/insights/insights.service.ts`,
  ],
  calls: [
    `${MODULES}/calls/**`,
    // Not moved into the store yet.
    `${MODULES}/insights/rollups.ts`,
  ],
};

function ownedTable(table) {
  return {
    selector: `CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/][arguments.0.value=/^${table}( |$)/]`,
    message: `The ${table} table is read and written through its owner's store (modules/${table}/${table}.store.ts).`,
  };
}

/**
 * The ownership rule in blocks that do not overlap: a later block's no-restricted-syntax replaces an earlier one's
 * for the files both match. Outside every owner all the tables are restricted; inside one owner, the others.
 */
function ownedTables() {
  const tables = Object.keys(OWNED);
  const tests = `${MODULES}/**/*.test.ts`;
  const restrict = (restricted) => ({ 'no-restricted-syntax': ['error', ...restricted.map(ownedTable)] });
  return [
    { files: [`${MODULES}/**/*.ts`], ignores: [tests, ...tables.flatMap((t) => OWNED[t])], rules: restrict(tables) },
    ...tables.map((table) => {
      const others = tables.filter((t) => t !== table);
      return { files: OWNED[table], ignores: [tests, ...others.flatMap((t) => OWNED[t])], rules: restrict(others) };
    }),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Services, stores and jobs speak the product's language: they throw refusals (lib/domain-errors.ts), and the
    // API's edge chooses the HTTP status. Only routes and the HTTP plumbing build HTTP errors.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.routes.ts', 'apps/api/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../lib/errors',
              importNames: ['ApiError', 'errorObject', 'validationError'],
              message: 'Throw a refusal from lib/domain-errors.ts; the HTTP status is chosen at the edge.',
            },
          ],
        },
      ],
    },
  },
  // Each table has one owner module that reads and writes it; other modules call its store (docs/decisions.md
  // "Database"). Joins inside one query are not flagged; a query that starts from another module's table is.
  ...ownedTables(),
  {
    files: ['scripts/**', 'bench/**', '.ci/**', 'apps/api/src/sim/**', 'apps/api/src/db/seed-demo.ts'],
    rules: { 'no-console': 'off' },
  },
);
