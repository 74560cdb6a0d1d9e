import type { Kysely } from 'kysely';
import { checklistAnswerSchema, dashboardAnswerSchema } from '@phonebot/shared';
import type { Database } from '../../db/schema';
import { errorResponses } from '../../lib/openapi';
import { type ApiRouter, customerOf } from '../../lib/router';
import { checklist, dashboardCounts } from './dashboard.service';

export function registerDashboardRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.authed(
    {
      method: 'GET',
      url: '/dashboard',
      summary:
        'Counts of users (admins, adminusers and users, as Users lists them) and phonebots of the caller’s customer (all of them for the super)',
      tags: ['Dashboard'],
      operations: ['dashboard.view'],
      responses: { 200: { description: 'The counts', schema: dashboardAnswerSchema }, ...errorResponses(401, 403) },
    },
    async ({ principal }) => dashboardCounts(deps.db, principal),
  );

  router.authed(
    {
      method: 'GET',
      url: '/dashboard/checklist',
      summary:
        'A new company’s first steps (phonebot, runtime, call, colleague, billing), each done when the company’s data shows it (admin, adminuser)',
      tags: ['Dashboard'],
      operations: ['company.edit'],
      responses: {
        200: { description: 'The steps in order', schema: checklistAnswerSchema },
        ...errorResponses(401, 403),
      },
    },
    async ({ principal }) => checklist(deps.db, customerOf(principal)),
  );
}
