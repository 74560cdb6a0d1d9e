import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { callContracts } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import type { ApiRouter } from '../../lib/router';
import { signedTwilioForm } from '../../lib/twilio-webhook';
import { applySmsStatus } from './sms-status.service';

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
      // Signed as Twilio's validateRequest checks it (with and without the default port).
      const { body } = signedTwilioForm(req, deps, contract.body);
      const { MessageSid, MessageStatus, ErrorCode } = body;
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
