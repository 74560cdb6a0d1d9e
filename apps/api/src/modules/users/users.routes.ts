import type { Kysely } from 'kysely';
import { userAttributesSchema } from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { unauthenticated } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { userResource } from '../../lib/resources';
import type { ApiRouter } from '../../lib/router';

const userDocumentSchema = z.object({
  data: z.object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema }),
});

export function registerUserRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.authed(
    {
      method: 'GET',
      url: '/me',
      summary: 'The signed-in user',
      tags: ['Users'],
      responses: { 200: { description: 'The user', schema: userDocumentSchema }, ...errorResponses(401) },
    },
    async ({ principal }) => {
      const user = await deps.db.selectFrom('users').selectAll().where('id', '=', principal.userId).executeTakeFirst();
      if (!user) throw unauthenticated();
      return { data: userResource(user) };
    },
  );
}
