import { z } from 'zod';
import { defineContract } from '../core/contract';
import { listDocument, resourceObject } from '../core/jsonapi';
import { ROLES, USER_STATUSES } from '../core/constants';
import { idParamSchema } from '../core/fields';
import { pagedQuery } from '../core/paged-query';

/** A user of a customer as the super sees it when helping: who, which role, and whether two-factor sign-in is on. */
export const customerUserAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  mfa_enabled: z.boolean(),
});
export type CustomerUserAttributes = z.infer<typeof customerUserAttributesSchema>;
export const customerUserResourceSchema = resourceObject('users', customerUserAttributesSchema);
export type CustomerUser = z.infer<typeof customerUserResourceSchema>;

export const customerUsersContracts = {
  listCustomerUsers: defineContract({
    operationId: 'listCustomerUsers',
    method: 'GET',
    path: '/customers/:id/users',
    summary:
      'The users of one customer (by its owner’s user id) with their role and whether two-factor sign-in is on, for resetting a lost second factor (super)',
    tags: ['Customers'],
    auth: 'user',
    operations: ['customers.manage'],
    params: idParamSchema,
    query: pagedQuery({}, { perPage: 50 }),
    responses: { 200: listDocument(customerUserResourceSchema) },
    errors: [],
  }),
};
