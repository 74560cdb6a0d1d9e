import type { Kysely } from 'kysely';
import type { OperatorInput } from '@phonebot/shared/settings';
import { settingsContracts } from '@phonebot/shared/settings';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import type { ApiRouter } from '../../lib/router';
import { publicPaddleConfig } from '../billing';
import { getOperator, updateOperator } from './settings.service';

export type SettingsDeps = { db: Kysely<Database>; operatorSeed: OperatorInput; paddle: Config['paddle'] };

export function registerSettingsRoutes(router: ApiRouter, deps: SettingsDeps): void {
  const { db, operatorSeed } = deps;
  const c = settingsContracts;
  const operatorResource = async () => ({
    data: {
      type: 'operator-settings' as const,
      id: 'operator',
      attributes: await getOperator(db, operatorSeed),
    },
  });

  router.handle(c.publicConfig, async () => ({
    meta: { paddle: publicPaddleConfig(deps.paddle), operator: await getOperator(db, operatorSeed) },
  }));

  router.handle(c.operator, operatorResource);

  router.handle(c.updateOperator, async ({ body, principal, req }) => {
    await updateOperator(db, actorOf(principal, req), body.data.attributes);
    return operatorResource();
  });
}
