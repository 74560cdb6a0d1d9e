import type { Kysely } from 'kysely';
import { type OperatorInput, operatorAttributesSchema, operatorDocumentSchema } from '@phonebot/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';
import { publicPaddleConfig } from '../billing/billing.service';
import { getOperator, updateOperator } from './settings.service';

export type SettingsDeps = { db: Kysely<Database>; operatorSeed: OperatorInput; paddle: Config['paddle'] };

const operatorResourceSchema = z.object({
  data: z.object({
    type: z.literal('operator-settings'),
    id: z.literal('operator'),
    attributes: operatorAttributesSchema,
  }),
});

export function registerSettingsRoutes(router: ApiRouter, deps: SettingsDeps): void {
  const { db, operatorSeed } = deps;
  const tags = ['Settings'];
  const operatorResource = async () => ({
    data: {
      type: 'operator-settings' as const,
      id: 'operator' as const,
      attributes: await getOperator(db, operatorSeed),
    },
  });

  router.public(
    {
      method: 'GET',
      url: '/public-config',
      summary:
        'What the web app needs before sign-in: the Paddle checkout settings (null when billing is not set up) and the operator of this deployment (unset parts null)',
      tags,
      responses: {
        200: {
          description: 'The public configuration',
          schema: z.object({
            paddle: z.object({ environment: z.string(), client_token: z.string(), price_id: z.string() }).nullable(),
            operator: operatorAttributesSchema,
          }),
        },
      },
    },
    async () => ({ paddle: publicPaddleConfig(deps.paddle), operator: await getOperator(db, operatorSeed) }),
  );

  router.authed(
    {
      method: 'GET',
      url: '/settings/operator',
      summary: 'The operator’s identity shown in the footer and mails: saved values, else the environment’s (super)',
      tags,
      operations: ['settings.manage'],
      responses: { 200: { description: 'The operator', schema: operatorResourceSchema }, ...errorResponses(401, 403) },
    },
    operatorResource,
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/settings/operator',
      summary:
        'Change parts of the operator’s identity (type operator-settings); an empty value hides that part (super)',
      tags,
      operations: ['settings.manage'],
      body: operatorDocumentSchema,
      responses: {
        200: { description: 'The operator as now saved', schema: operatorResourceSchema },
        ...errorResponses(401, 403, 422),
      },
    },
    async ({ body, principal, req }) => {
      await updateOperator(db, body.data.attributes);
      await audit(db, {
        actorUserId: principal.userId,
        action: 'settings.operator',
        target: 'settings:operator',
        ip: req.ip,
        detail: { fields: Object.keys(body.data.attributes) },
      });
      return operatorResource();
    },
  );
}
