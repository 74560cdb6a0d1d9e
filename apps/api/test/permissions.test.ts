import { ROLES, type Role, can } from '@phonebot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDoc } from '../src/lib/router';
import { type TestApp, createTestApp } from './app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** Path parameters filled with ids that exist nowhere, so an allowed call answers from its handler. */
function concreteUrl(route: RouteDoc): string {
  return `/api/v2${route.url.replace(/:(\w+)/g, '999999')}`;
}

const bodies: Record<string, unknown> = {};

describe('every authenticated route enforces the shared permissions table', () => {
  it('covers all routes', () => {
    expect(app.router.routes.filter((r) => r.auth === 'user').length).toBeGreaterThan(0);
  });

  it('answers 401 without a token, with a garbage token and for a disabled user', async () => {
    const disabled = await app.signIn('admin', { status: 'Inactive' });
    for (const route of app.router.routes.filter((r) => r.auth === 'user')) {
      for (const token of [undefined, 'x'.repeat(43), disabled.token]) {
        const res = await app.request({
          method: route.method,
          url: concreteUrl(route),
          token,
          body: bodies[route.url],
        });
        expect(res.status, `${route.method} ${route.url}`).toBe(401);
        expect(res.json.errors[0].status).toBe('401');
      }
    }
  });

  for (const role of ROLES) {
    it(`lets ${role} use exactly the routes its operations allow`, async () => {
      for (const route of app.router.routes.filter((r) => r.auth === 'user')) {
        const { token } = await app.signIn(role as Role);
        const res = await app.request({
          method: route.method,
          url: concreteUrl(route),
          token,
          body: bodies[route.url],
        });
        const allowed = !route.operations || route.operations.some((op) => can(role as Role, op));
        if (allowed)
          expect([401, 403], `${role} ${route.method} ${route.url} -> ${res.status}`).not.toContain(res.status);
        else expect(res.status, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    });
  }

  it('records refusals in the audit log', async () => {
    const { token, userId } = await app.signIn('user');
    expect((await app.request({ method: 'GET', url: '/api/v2/customers', token })).status).toBe(403);
    const entry = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', userId)
      .where('action', '=', 'permission.refused')
      .executeTakeFirst();
    expect(entry?.target).toBe('GET /customers');
  });
});
