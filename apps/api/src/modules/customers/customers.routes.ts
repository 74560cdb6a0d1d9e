import type { Kysely } from 'kysely';
import {
  customerAttributesSchema,
  idParamSchema,
  listMetaSchema,
  listQuerySchema,
  updateCustomerDocumentSchema,
  userAttributesSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { errorResponses } from '../../lib/openapi';
import { userResource } from '../../lib/resources';
import type { ApiRouter } from '../../lib/router';
import {
  customerByOwner,
  customerResource,
  deleteCustomer,
  disableUser,
  enableUser,
  listCustomers,
  updateCustomer,
} from './customers.service';

const customerListSchema = z.object({
  data: z.array(z.object({ type: z.literal('customers'), id: z.string(), attributes: customerAttributesSchema })),
  meta: listMetaSchema,
});

export function registerCustomerRoutes(router: ApiRouter, deps: { db: Kysely<Database>; dataDir: string }): void {
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
      const user = await enableUser(deps.db, actorOf(principal, req), params.id);
      return { data: userResource(user) };
    },
  );

  const customerDocumentSchema = z.object({
    data: z.object({ type: z.literal('customers'), id: z.string(), attributes: customerAttributesSchema }),
  });
  const userDocumentSchema = z.object({
    data: z.object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema }),
  });

  router.authed(
    {
      method: 'GET',
      url: '/customer/:id',
      summary: 'One customer by its owner’s user id (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      params: idParamSchema,
      responses: {
        200: { description: 'The customer', schema: customerDocumentSchema },
        ...errorResponses(401, 403, 404),
      },
    },
    async ({ params }) => ({ data: customerResource(await customerByOwner(deps.db, params.id)) }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/customer/:id',
      summary: 'Change a customer’s company and contact fields (type customers; the e-mail is read-only) (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      params: idParamSchema,
      body: updateCustomerDocumentSchema,
      responses: {
        200: { description: 'The updated customer', schema: customerDocumentSchema },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ params, body, principal, req }) => {
      const { email: _readOnly, ...attributes } = body.data.attributes as typeof body.data.attributes & {
        email?: unknown;
      };
      const updated = await updateCustomer(deps.db, actorOf(principal, req), params.id, attributes);
      return { data: customerResource(updated) };
    },
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/customer/:id',
      summary: 'Delete a customer with its users, phonebots and calls; its monthly call counts stay (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      params: idParamSchema,
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    },
    async ({ params, principal, req, reply }) => {
      await deleteCustomer(deps, actorOf(principal, req), params.id);
      reply.code(204);
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/disableUser/:id',
      summary:
        'Disable a user; disabling an owner disables the customer, signs its users out and stops its phonebots (super)',
      tags: ['Customers'],
      operations: ['customers.manage'],
      params: idParamSchema,
      responses: {
        200: { description: 'The disabled user', schema: userDocumentSchema },
        ...errorResponses(401, 403, 404),
      },
    },
    async ({ params, principal, req }) => {
      const user = await disableUser(deps.db, actorOf(principal, req), params.id);
      return { data: userResource(user) };
    },
  );
}
