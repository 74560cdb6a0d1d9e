import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { can } from '@phonebot/shared';
import { profileContracts } from '@phonebot/shared/profile';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { ApiError, forbidden, notFound } from '../../lib/errors';
import { sendStoredFile } from '../../lib/file-reply';
import { FileStoreError } from '../../lib/file-store';
import { MIME_BY_EXT } from '../../lib/images';
import { userResource } from '../../lib/resources';
import type { RequestPrincipal } from '../../lib/principal';
import { type ApiRouter, customerOf } from '../../lib/router';
import { AVATAR_DIR, AVATAR_NAME, avatarKey, removeAvatar, saveAvatar } from '../users';
import { countExpiringCalls } from '../calls';
import {
  type ProfileDeps,
  changePassword,
  getCompanyProfile,
  getUser,
  updateCompanyProfile,
  updateOwnProfile,
} from './profile.service';

/** Only the user themself changes their image; any other id answers 404. */
async function ownUser(db: Kysely<Database>, principal: RequestPrincipal, id: number) {
  if (id !== principal.userId) throw notFound();
  return getUser(db, id);
}

export function registerProfileRoutes(app: FastifyInstance, router: ApiRouter, deps: ProfileDeps): void {
  const { db, files } = deps;
  const c = profileContracts;

  router.handle(c.me, async ({ principal }) => {
    const user = await getUser(db, principal.userId);
    const resource = userResource(user);
    return {
      data: { ...resource, attributes: { ...resource.attributes, phone: user.phone } },
      meta: { click_to_call: deps.clickToCall ?? false },
    };
  });

  router.handle(c.updateMe, async ({ principal, body, req }) => {
    // Who has no profile of their own (guests) may change only the language their screens and mails use.
    const attributes = Object.keys(body.data.attributes).filter((key) => key !== 'language');
    if (!can(principal.role, 'profile.own') && attributes.length > 0) throw forbidden();
    const { user, pendingEmail } = await updateOwnProfile(deps, actorOf(principal, req), body.data.attributes);
    const resource = userResource(user);
    return {
      data: { ...resource, attributes: { ...resource.attributes, phone: user.phone } },
      ...(pendingEmail ? { meta: { pending_email: pendingEmail } } : {}),
    };
  });

  router.handle(c.changePassword, async ({ principal, body, req }) => {
    await changePassword(deps, actorOf(principal, req), principal.tokenId, body);
    return { meta: { status: 'changed' } };
  });

  router.handle(c.companyProfile, async ({ principal }) => {
    const customerId = customerOf(principal);
    return {
      data: {
        type: 'profile' as const,
        id: String(customerId),
        attributes: await getCompanyProfile(db, customerId, deps.callRetentionDays),
      },
    };
  });

  router.handle(c.updateCompanyProfile, async ({ principal, body, req }) => {
    const customerId = customerOf(principal);
    const attributes = await updateCompanyProfile(
      deps,
      { ...actorOf(principal, req), role: principal.role },
      customerId,
      body.data.attributes,
    );
    return { data: { type: 'profile' as const, id: String(customerId), attributes } };
  });

  router.handle(c.retentionPreview, async ({ principal, query }) => {
    const days = query.retention_days ?? null;
    const calls = await countExpiringCalls(db, customerOf(principal), deps.callRetentionDays, days);
    return { meta: { retention_days: days, calls } };
  });

  router.handle(c.uploadAvatar, async ({ principal, params, req }) => {
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
    let updated;
    try {
      updated = await saveAvatar(db, files, user, bytes);
    } catch (error) {
      if (!(error instanceof FileStoreError)) throw error;
      req.log.error({ err: error, storage: files.kind }, 'file store unavailable');
      throw ApiError.of(503, 'serviceUnavailable', { headers: { 'retry-after': '5' } });
    }
    return { meta: { url: userResource(updated).attributes.avatar_url } };
  });

  router.handle(c.removeAvatar, async ({ principal, params }) => {
    await removeAvatar(db, files, await ownUser(db, principal, params.id));
    return undefined;
  });

  // Avatars are public by their random names (an <img> cannot send a bearer token) and never sniffed as anything else.
  // Any process serves any avatar: they are read from the file store (a shared bucket with STORAGE=s3).
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: `/uploads/${AVATAR_DIR}/:name`,
    handler: async (req, reply) => {
      const { name } = req.params;
      if (!AVATAR_NAME.test(name)) return reply.code(404).type('text/plain').send('Not found');
      const ext = path.extname(name).slice(1) as keyof typeof MIME_BY_EXT;
      return sendStoredFile(req, reply, files, avatarKey(`${AVATAR_DIR}/${name}`), {
        'content-type': MIME_BY_EXT[ext],
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
        'cache-control': 'public, max-age=31536000, immutable',
      });
    },
  });
}
