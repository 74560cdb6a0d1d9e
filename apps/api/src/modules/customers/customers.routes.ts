import type { Kysely } from 'kysely';
import {
  customerAttributesSchema,
  idParamSchema,
  listMetaSchema,
  listQuerySchema,
  userAttributesSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorResponses } from '../../lib/openapi';
import { userResource } from '../../lib/resources';
import type { ApiRouter } from '../../lib/router';
import { enableUser, listCustomers } from './customers.service';

const customerListSchema = z.object({
  data: z.array(z.object({ type: z.literal('customers'), id: z.string(), attributes: customerAttributesSchema })),
  meta: listMetaSchema,
});

export function registerCustomerRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.authed(
    {
      method: 'GET',
      url: '/customers',
      summary: 'All customers, each with the user id of its owner as id (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      query: listQuerySchema,
      responses: {
        200: { description: 'A page of customers', schema: customerListSchema },
        ...errorResponses(401, 403),
      },
    },
    async ({ query }) => listCustomers(deps.db, query),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/enableUser/:id',
      summary: 'Enable a user (a customer owner, a guest, any user); enabling an owner enables the customer (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      params: idParamSchema,
      responses: {
        200: {
          description: 'The enabled user',
          schema: z.object({
            data: z.object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema }),
          }),
        },
        ...errorResponses(401, 403, 404),
      },
    },
    async ({ params, principal, req }) => {
      const user = await enableUser(deps.db, params.id);
      await audit(deps.db, {
        actorUserId: principal.userId,
        customerId: user.customer_id,
        action: 'user.enable',
        target: `user:${user.id}`,
        ip: req.ip,
      });
      return { data: userResource(user) };
    },
  );
}
