import type { FastifyRequest } from 'fastify';
import type { PagedQuery } from '@phonebot/shared';
import type { UpdateUserInput } from '@phonebot/shared/users';
import { userContracts } from '@phonebot/shared/users';
import { actorOf } from '../../lib/audit';
import { pageLinks, pageMeta } from '../../lib/paging';
import { userResource } from '../../lib/resources';
import type { RequestPrincipal } from '../../lib/principal';
import { type ApiRouter, customerOf } from '../../lib/router';
import {
  type UsersDeps,
  deleteCompanyUser,
  getCompanyUser,
  inviteUser,
  listCompanyUsers,
  updateCompanyUser,
} from './users.service';

const WHOLE_LIST: PagedQuery = { page: 1, per_page: 'all', sort: undefined, search: undefined, date: undefined };

export function registerUserRoutes(router: ApiRouter, deps: UsersDeps): void {
  const { db } = deps;
  const c = userContracts;
  /** A company has few users: they are read at once and paged here. */
  async function list(principal: RequestPrincipal, req: FastifyRequest, query: PagedQuery = WHOLE_LIST) {
    const users = await listCompanyUsers(db, customerOf(principal));
    const start = query.per_page === 'all' ? 0 : (query.page - 1) * query.per_page;
    const page = query.per_page === 'all' ? users : users.slice(start, start + query.per_page);
    return {
      data: page.map(userResource),
      meta: pageMeta(query, users.length),
      links: pageLinks(req, query, users.length),
    };
  }

  async function invite(principal: RequestPrincipal, req: FastifyRequest, input: Parameters<typeof inviteUser>[3]) {
    const user = await inviteUser(deps, actorOf(principal, req), customerOf(principal), input);
    return { data: userResource(user) };
  }

  async function update(principal: RequestPrincipal, req: FastifyRequest, id: number, input: Partial<UpdateUserInput>) {
    const user = await updateCompanyUser(deps, actorOf(principal, req), customerOf(principal), id, input);
    return { data: userResource(user) };
  }

  async function remove(principal: RequestPrincipal, req: FastifyRequest, id: number) {
    await deleteCompanyUser(deps, actorOf(principal, req), customerOf(principal), id);
    return undefined;
  }

  const read = async (principal: RequestPrincipal, id: number) => ({
    data: userResource(await getCompanyUser(db, customerOf(principal), id)),
  });

  router.handle(c.listUsers, ({ principal, req, query }) => list(principal, req, query));
  router.handle(c.createUser, ({ principal, req, body }) => {
    const { email, name, fname, lname, role } = body.data.attributes;
    return invite(principal, req, { email, name: name ?? `${fname} ${lname}`, role: role ?? 'user' });
  });
  router.handle(c.getUser, ({ principal, params }) => read(principal, params.id));
  router.handle(c.updateUser, ({ principal, req, params, body }) =>
    update(principal, req, params.id, body.data.attributes),
  );
  router.handle(c.deleteUser, ({ principal, req, params }) => remove(principal, req, params.id));

  router.handle(c.listUsersCompat, ({ principal, req }) => list(principal, req));
  router.handle(c.addUserCompat, ({ principal, req, body }) => {
    const { email, fname, lname } = body.data.attributes;
    return invite(principal, req, { email, name: `${fname} ${lname}`, role: 'user' });
  });
  router.handle(c.getUserCompat, ({ principal, params }) => read(principal, params.id));
  router.handle(c.updateUserCompat, ({ principal, req, params, body }) =>
    update(principal, req, params.id, body.data.attributes),
  );
  router.handle(c.deleteUserCompat, ({ principal, req, params }) => remove(principal, req, params.id));
}
