import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UpdateCustomerInput } from '@phonebot/shared/customers';
import { customerContracts } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import type { FileStore } from '../../lib/file-store';
import type { StepUp } from '../../lib/principal';
import { pageLinks } from '../../lib/paging';
import { userResource } from '../../lib/resources';
import type { RequestPrincipal } from '../../lib/principal';
import type { ApiRouter } from '../../lib/router';
import {
  customerByOwner,
  customerResource,
  deleteCustomer,
  disableUser,
  enableUser,
  listCustomers,
  updateCustomer,
} from './customers.service';

/** The super's administration of customers; a customer is addressed by its owner's user id. */
export function registerCustomerRoutes(
  router: ApiRouter,
  deps: { db: Kysely<Database>; files: FileStore; stepUp: StepUp },
): void {
  const { db } = deps;
  const c = customerContracts;
  router.handle(c.listCustomers, async ({ query, req }) => {
    const page = await listCustomers(db, query);
    return { ...page, links: pageLinks(req, query, page.meta.total) };
  });

  const read = async (id: number) => ({ data: customerResource(await customerByOwner(db, id)) });
  router.handle(c.getCustomer, ({ params }) => read(params.id));
  router.handle(c.getCustomerCompat, ({ params }) => read(params.id));

  async function update(
    principal: RequestPrincipal,
    req: FastifyRequest,
    id: number,
    input: Partial<UpdateCustomerInput>,
  ) {
    const { email: _readOnly, ...attributes } = input as Partial<UpdateCustomerInput> & { email?: unknown };
    const updated = await updateCustomer(db, actorOf(principal, req), id, attributes);
    return { data: customerResource(updated) };
  }
  router.handle(c.updateCustomer, ({ principal, req, params, body }) =>
    update(principal, req, params.id, body.data.attributes),
  );
  router.handle(c.updateCustomerCompat, ({ principal, req, params, body }) =>
    update(principal, req, params.id, body.data.attributes),
  );

  async function remove(principal: RequestPrincipal, req: FastifyRequest, id: number) {
    await deleteCustomer(deps, actorOf(principal, req), id);
    return undefined;
  }
  router.handle(c.deleteCustomer, ({ principal, req, params }) => remove(principal, req, params.id));
  router.handle(c.deleteCustomerCompat, ({ principal, req, params }) => remove(principal, req, params.id));

  router.handle(c.enableUser, async ({ principal, req, params }) => {
    const user = await enableUser(db, actorOf(principal, req), params.id);
    return { data: userResource(user) };
  });

  router.handle(c.disableUser, async ({ principal, req, params }) => {
    const user = await disableUser(db, actorOf(principal, req), params.id);
    return { data: userResource(user) };
  });
}
