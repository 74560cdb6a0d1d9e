import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { callContracts } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { ApiError, validationError } from '../../lib/errors';
import type { ApiRouter } from '../../lib/router';
import { verifyTwilioSignature } from '../../lib/sms';
import { applySmsStatus } from './sms-status.service';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export type SmsStatusDeps = {
  db: Kysely<Database>;
  /** Twilio's auth token, which signs its requests; without it no report is accepted. */
  authToken: string | undefined;
  /** The server's public address, which Twilio's signature covers with the path. */
  publicUrl: string;
};

/**
 * Twilio's delivery reports (the StatusCallback of every SMS sent through Twilio). The signature covers the URL and
 * the form parameters, so this route reads the form itself in its own scope.
 */
export function registerSmsStatusRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  prefix: string,
  deps: SmsStatusDeps,
): void {
  const contract = callContracts.smsStatusCallback;
  router.describe(contract);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(prefix + contract.path, async (req, reply) => {
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (type !== FORM_TYPE) {
        throw ApiError.of(415, 'unsupportedMediaType', { detail: `Send ${FORM_TYPE}, as Twilio does.` });
      }
      const params = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const header = req.headers['x-twilio-signature'];
      const signature = typeof header === 'string' ? header : undefined;
      if (!deps.authToken || !verifyTwilioSignature(deps.authToken, deps.publicUrl + req.url, params, signature)) {
        req.log.warn(
          { reason: deps.authToken ? (signature ? 'wrong signature' : 'no signature') : 'TWILIO_AUTH_TOKEN not set' },
          'SMS status callback refused',
        );
        throw ApiError.of(403, 'forbidden', {
          detail: 'The request signature (X-Twilio-Signature) is missing or does not match.',
        });
      }
      const parsed = contract.body.safeParse(Object.fromEntries(params));
      if (!parsed.success) throw validationError(parsed.error);
      const { MessageSid, MessageStatus, ErrorCode } = parsed.data;
      const outcome = await applySmsStatus(deps.db, {
        messageSid: MessageSid,
        messageStatus: MessageStatus,
        errorCode: ErrorCode,
      });
      req.log.info({ outcome, status: MessageStatus }, 'SMS status callback');
      return reply.code(204).send();
    });
  });
}
