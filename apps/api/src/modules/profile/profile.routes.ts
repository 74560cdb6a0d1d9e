import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  changePasswordSchema,
  companyProfileAttributesSchema,
  companyProfileDocumentSchema,
  idParamSchema,
  ownProfileDocumentSchema,
  statusAnswerSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { ApiError, notFound } from '../../lib/errors';
import { MIME_BY_EXT } from '../../lib/images';
import { errorResponses } from '../../lib/openapi';
import { userResource } from '../../lib/resources';
import { type ApiRouter, type Principal, customerOf } from '../../lib/router';
import { userDocumentSchema } from '../users/users.routes';
import {
  AVATAR_DIR,
  type ProfileDeps,
  changePassword,
  getCompanyProfile,
  getUser,
  removeAvatar,
  saveAvatar,
  updateCompanyProfile,
  updateOwnProfile,
} from './profile.service';

const companyDocumentSchema = z.object({
  data: z.object({ type: z.literal('profile'), id: z.string(), attributes: companyProfileAttributesSchema }),
});
const uploadAnswerSchema = z.object({ url: z.string().nullable() });
const AVATAR_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Only the user themself changes their image; any other id answers 404. */
async function ownUser(db: Kysely<Database>, principal: Principal, id: number) {
  if (id !== principal.userId) throw notFound();
  return getUser(db, id);
}

export function registerProfileRoutes(app: FastifyInstance, router: ApiRouter, deps: ProfileDeps): void {
  const { db, dataDir } = deps;

  router.authed(
    {
      method: 'GET',
      url: '/me',
      summary: 'The signed-in user',
      tags: ['Profile'],
      responses: { 200: { description: 'The user', schema: userDocumentSchema }, ...errorResponses(401) },
    },
    async ({ principal }) => ({ data: userResource(await getUser(db, principal.userId)) }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/me',
      summary:
        'Change the signed-in user’s name, or ask to change the e-mail (needs current_password; takes effect from a mailed link)',
      tags: ['Profile'],
      operations: ['profile.own'],
      body: ownProfileDocumentSchema,
      responses: {
        200: {
          description: 'The updated user; meta.pending_email names an address waiting for its confirmation',
          schema: userDocumentSchema.extend({ meta: z.object({ pending_email: z.string() }).optional() }),
        },
        ...errorResponses(401, 403, 409, 422, 429),
      },
    },
    async ({ principal, body, req }) => {
      const { user, pendingEmail } = await updateOwnProfile(deps, actorOf(principal, req), body.data.attributes);
      return { data: userResource(user), ...(pendingEmail ? { meta: { pending_email: pendingEmail } } : {}) };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/change',
      summary: 'Change the signed-in user’s password (cpsd, npsd, npsd_confirmation); ends their other sessions',
      tags: ['Profile'],
      operations: ['profile.own'],
      body: changePasswordSchema,
      responses: { 200: { description: 'Changed', schema: statusAnswerSchema }, ...errorResponses(401, 403, 422, 429) },
    },
    async ({ principal, body, req }) => {
      await changePassword(deps, actorOf(principal, req), principal.tokenId, body);
      return { status: 'changed' };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/profile',
      summary: 'The company profile of the caller’s customer (admin, adminuser)',
      tags: ['Profile'],
      operations: ['company.edit'],
      responses: {
        200: { description: 'The company profile', schema: companyDocumentSchema },
        ...errorResponses(401, 403),
      },
    },
    async ({ principal }) => {
      const customerId = customerOf(principal);
      return { data: { type: 'profile', id: String(customerId), attributes: await getCompanyProfile(db, customerId) } };
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/profile',
      summary: 'Change the company profile (type profile; admin, adminuser)',
      tags: ['Profile'],
      operations: ['company.edit'],
      body: companyProfileDocumentSchema,
      responses: {
        200: { description: 'The updated company profile', schema: companyDocumentSchema },
        ...errorResponses(401, 403, 422),
      },
    },
    async ({ principal, body, req }) => {
      const customerId = customerOf(principal);
      const attributes = await updateCompanyProfile(db, actorOf(principal, req), customerId, body.data.attributes);
      return { data: { type: 'profile', id: String(customerId), attributes } };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/uploads/users/:id/profile-image',
      summary: 'Upload the signed-in user’s avatar: multipart field `attachment`, PNG, JPEG, WebP or GIF, at most 5 MB',
      tags: ['Profile'],
      operations: ['profile.own'],
      params: idParamSchema,
      responses: {
        200: { description: 'Stored; url of the image', schema: uploadAnswerSchema },
        ...errorResponses(401, 403, 404, 413, 415, 422),
      },
    },
    async ({ principal, params, req }) => {
      const user = await ownUser(db, principal, params.id);
      if (!req.isMultipart()) throw ApiError.of(415, 'imageType', { pointer: '/attachment' });
      const file = await req.file();
      if (!file || file.fieldname !== 'attachment') throw ApiError.of(422, 'imageMissing', { pointer: '/attachment' });
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw ApiError.of(413, 'imageTooLarge', { pointer: '/attachment' });
        throw error;
      }
      const updated = await saveAvatar(db, dataDir, user, bytes);
      return { url: userResource(updated).attributes.avatar_url };
    },
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/uploads/users/:id/profile-image',
      summary: 'Remove the signed-in user’s avatar',
      tags: ['Profile'],
      operations: ['profile.own'],
      params: idParamSchema,
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params, reply }) => {
      await removeAvatar(db, dataDir, await ownUser(db, principal, params.id));
      reply.code(204);
    },
  );

  // Avatars are public by their random names (an <img> cannot send a bearer token) and never sniffed as anything else.
  app.get<{ Params: { name: string } }>(`/uploads/${AVATAR_DIR}/:name`, async (req, reply) => {
    const { name } = req.params;
    const file = path.join(dataDir, 'uploads', AVATAR_DIR, name);
    if (!AVATAR_NAME.test(name) || !fs.existsSync(file)) return reply.code(404).type('text/plain').send('Not found');
    const ext = path.extname(name).slice(1) as keyof typeof MIME_BY_EXT;
    return reply
      .type(MIME_BY_EXT[ext])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}
