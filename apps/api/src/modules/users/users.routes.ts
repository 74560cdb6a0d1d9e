import { addUserDocumentSchema, idParamSchema, updateUserDocumentSchema, userAttributesSchema } from '@phonebot/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { errorResponses } from '../../lib/openapi';
import { userResource } from '../../lib/resources';
import { type ApiRouter, customerOf } from '../../lib/router';
import {
  type UsersDeps,
  deleteCompanyUser,
  getCompanyUser,
  inviteUser,
  listCompanyUsers,
  updateCompanyUser,
} from './users.service';

const userResourceSchema = z.object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema });
export const userDocumentSchema = z.object({ data: userResourceSchema });
const userListSchema = z.object({ data: z.array(userResourceSchema) });

export function registerUserRoutes(router: ApiRouter, deps: UsersDeps): void {
  const { db } = deps;
  const tags = ['Users'];

  router.authed(
    {
      method: 'GET',
      url: '/user',
      summary: 'The users of the caller’s company (admin)',
      tags,
      operations: ['users.manage'],
      responses: {
        200: { description: 'All users of the company, unpaged', schema: userListSchema },
        ...errorResponses(401, 403),
      },
    },
    async ({ principal }) => ({ data: (await listCompanyUsers(db, customerOf(principal))).map(userResource) }),
  );

  router.authed(
    {
      method: 'POST',
      url: '/user',
      summary: 'Add a user (role user, Active) and mail them an invitation to set a password (admin)',
      tags,
      operations: ['users.manage'],
      body: addUserDocumentSchema,
      responses: { 201: { description: 'Created', schema: userDocumentSchema }, ...errorResponses(401, 403, 409, 422) },
    },
    async ({ principal, body, reply, req }) => {
      const user = await inviteUser(deps, actorOf(principal, req), customerOf(principal), body.data.attributes);
      reply.code(201);
      return { data: userResource(user) };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/user/:id',
      summary: 'One user of the caller’s company (admin)',
      tags,
      operations: ['users.manage'],
      params: idParamSchema,
      responses: { 200: { description: 'The user', schema: userDocumentSchema }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params }) => ({
      data: userResource(await getCompanyUser(db, customerOf(principal), params.id)),
    }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/user/:id',
      summary: 'Change a user’s e-mail, name or role (admin); the last admin cannot be demoted',
      tags,
      operations: ['users.manage'],
      params: idParamSchema,
      body: updateUserDocumentSchema,
      responses: {
        200: { description: 'The updated user', schema: userDocumentSchema },
        ...errorResponses(401, 403, 404, 409, 422),
      },
    },
    async ({ principal, params, body, req }) => {
      const user = await updateCompanyUser(
        db,
        actorOf(principal, req),
        customerOf(principal),
        params.id,
        body.data.attributes,
      );
      return { data: userResource(user) };
    },
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/user/:id',
      summary: 'Delete a user of the company (admin); their sessions end at once; the last admin cannot be deleted',
      tags,
      operations: ['users.manage'],
      params: idParamSchema,
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    },
    async ({ principal, params, reply, req }) => {
      await deleteCompanyUser(deps, actorOf(principal, req), customerOf(principal), params.id);
      reply.code(204);
    },
  );
}
