// The API's own rules: table ownership and the module boundaries (docs/architecture.md).
const MODULES = 'apps/api/src/modules';

/**
 * The owner modules (docs/decisions.md "Database"): the tables each one reads and writes, where the others find its
 * functions, and its files (a file outside the module that may still start a query from its tables would be listed
 * there too). No file may be listed under two owners.
 */
const OWNED = {
  customers: { tables: ['customers'], store: 'customers/customers.store.ts', files: [`${MODULES}/customers/**`] },
  phonebots: { tables: ['phonebots'], store: 'phonebots/phonebots.store.ts', files: [`${MODULES}/phonebots/**`] },
  calls: { tables: ['calls'], store: 'calls/calls.store.ts', files: [`${MODULES}/calls/**`] },
  users: { tables: ['users'], store: 'users/users.store.ts', files: [`${MODULES}/users/**`] },
  // Sessions, one-time links and sign-in challenges, recovery codes.
  auth: {
    tables: ['access_tokens', 'user_tokens', 'mfa_recovery_codes'],
    store: 'auth/',
    files: [`${MODULES}/auth/**`],
  },
  apiKeys: { tables: ['api_keys'], store: 'integrations/api-keys.service.ts', files: [`${MODULES}/integrations/**`] },
};

function ownedTable(table, store) {
  return {
    selector: `CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/][arguments.0.value=/^${table}( |$)/]`,
    message: `The ${table} table is read and written through its owner's functions (modules/${store}).`,
  };
}

/**
 * The ownership rule in blocks that do not overlap: a later block's no-restricted-syntax replaces an earlier one's
 * for the files both match. Outside every owner all the tables are restricted; inside one owner, the others'.
 */
export function ownedTables() {
  const owners = Object.keys(OWNED);
  const tests = `${MODULES}/**/*.test.ts`;
  const restrict = (restricted) => ({
    'no-restricted-syntax': [
      'error',
      ...restricted.flatMap((owner) => OWNED[owner].tables.map((table) => ownedTable(table, OWNED[owner].store))),
    ],
  });
  return [
    {
      files: [`${MODULES}/**/*.ts`],
      ignores: [tests, ...owners.flatMap((o) => OWNED[o].files)],
      rules: restrict(owners),
    },
    ...owners.map((owner) => {
      const others = owners.filter((o) => o !== owner);
      return {
        files: OWNED[owner].files,
        ignores: [tests, ...others.flatMap((o) => OWNED[o].files)],
        rules: restrict(others),
      };
    }),
  ];
}

/** The API's rules, in the order they apply. */
export const apiRules = [
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
];
