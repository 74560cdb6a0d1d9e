import type { Kysely } from 'kysely';
import {
  messageText,
  addGuestSchema,
  guestAttributesSchema,
  guestPasswordSchema,
  idParamSchema,
  listQuerySchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { generatePassword } from '../../lib/crypto';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';
import type { SecretBox } from '../../lib/secrets';
import { listPhonebots, phonebotResource } from '../phonebots/phonebots.service';
import { addGuest, getGuest, guestResource, listGuests, setGuestPassword } from './guests.service';

const guestDocumentSchema = z.object({
  data: z.object({ type: z.literal('users'), id: z.string(), attributes: guestAttributesSchema }),
});

export function registerGuestRoutes(router: ApiRouter, deps: { db: Kysely<Database>; secrets: SecretBox }): void {
  const { db, secrets } = deps;
  const tags = ['Guest Administration'];

  router.authed(
    {
      method: 'GET',
      url: '/guest',
      summary: 'Guest Administration: every guest user and every phonebot (super)',
      tags,
      operations: ['guests.manage'],
      responses: {
        200: {
          description: 'users (guests) and vbots',
          schema: z.object({ users: z.array(z.unknown()), vbots: z.array(z.unknown()) }),
        },
        ...errorResponses(401, 403),
      },
    },
    async () => {
      const [users, phonebots] = await Promise.all([
        listGuests(db),
        listPhonebots(db, 'all', listQuerySchema.parse({ per_page: 'all' })),
      ]);
      return { users: users.map(guestResource), vbots: phonebots.rows.map((row) => phonebotResource(secrets, row)) };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/guest/:id',
      summary: 'One guest user (super)',
      tags,
      operations: ['guests.manage'],
      params: idParamSchema,
      responses: { 200: { description: 'The guest', schema: guestDocumentSchema }, ...errorResponses(401, 403, 404) },
    },
    async ({ params }) => ({ data: guestResource(await getGuest(db, params.id)) }),
  );

  router.authed(
    {
      method: 'POST',
      url: '/guest',
      summary:
        'Add a guest user to a customer (customer_id: the id of its Customers row); a missing password is generated and answered once (super)',
      tags,
      operations: ['guests.manage'],
      body: addGuestSchema,
      responses: {
        201: {
          description: 'Created',
          schema: guestDocumentSchema.extend({ meta: z.object({ password: z.string() }).optional() }),
        },
        ...errorResponses(401, 403, 409, 422),
      },
    },
    async ({ body, principal, req, reply }) => {
      const { guest, password } = await addGuest(db, actorOf(principal, req), body);
      reply.code(201);
      return { data: guestResource(guest), ...(password ? { meta: { password } } : {}) };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/guest/create-password',
      summary: 'A new password from a cryptographic source (20 characters) for the EditGuest form (super)',
      tags,
      operations: ['guests.manage'],
      responses: {
        200: { description: 'The password', schema: z.object({ password: z.string() }) },
        ...errorResponses(401, 403),
      },
    },
    async () => ({ password: generatePassword(20) }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/guest/update-password/:id',
      summary: 'Set a guest’s password; the guest is signed out everywhere (super)',
      tags,
      operations: ['guests.manage'],
      params: idParamSchema,
      body: guestPasswordSchema,
      responses: {
        200: { description: 'Changed', schema: z.object({ message: z.string() }) },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ params, body, principal, req }) => {
      await setGuestPassword(db, actorOf(principal, req), params.id, body.password);
      return { message: messageText('passwordUpdated') };
    },
  );
}
