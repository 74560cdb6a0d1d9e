import { phonebotVersionContracts } from '@phonebot/shared/phonebot-versions';
import { actorOf } from '../../lib/audit';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { ApiRouter } from '../../lib/router';
import type { PhonebotsDeps } from '../phonebots';
import { listVersions, restoreVersion, versionDetail } from './versions.service';

export function registerPhonebotVersionRoutes(router: ApiRouter, deps: PhonebotsDeps): void {
  const { db } = deps;
  const c = phonebotVersionContracts;
  const resource = <A extends { number: number }>(licenseKey: string, attributes: A) => ({
    type: 'phonebot-versions' as const,
    id: `${licenseKey}.${attributes.number}`,
    attributes,
  });

  router.handle(c.listPhonebotVersions, async ({ principal, params, query, req }) => {
    const { rows, total } = await listVersions(db, principal, params.id, query);
    return {
      data: rows.map((row) => resource(params.id, row)),
      meta: pageMeta(query, total),
      links: pageLinks(req, query, total),
    };
  });
  router.handle(c.getPhonebotVersion, async ({ principal, params }) => ({
    data: resource(params.id, await versionDetail(db, principal, params.id, params.n)),
  }));
  router.handle(c.restorePhonebotVersion, async ({ principal, params, req }) => ({
    data: resource(params.id, await restoreVersion(deps, principal, actorOf(principal, req), params.id, params.n)),
  }));
}
