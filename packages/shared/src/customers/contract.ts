import { z } from 'zod';
import { defineContract } from '../core/contract';
import {
  listDocument,
  metaDocument,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { idParamSchema } from '../core/fields';
import {
  CALLS_MONTH_SCHEMA,
  addGuestSchema,
  customerAttributesSchema,
  guestAttributesSchema,
  guestPasswordSchema,
  updateCustomerSchema,
} from './schema';
import { pagedQuery } from '../core/paged-query';
import { phonebotResourceSchema } from '../phonebots/contract';
import { userDocumentSchema } from '../users/contract';

export const customerResourceSchema = resourceObject('customers', customerAttributesSchema);
export type CustomerResource = z.infer<typeof customerResourceSchema>;
const customerDocumentSchema = singleDocument(customerResourceSchema);
export const customerListQuerySchema = pagedQuery();
/** What the customers list sorts by (`sort`); newest first by default. */
export const CUSTOMER_SORTS = ['created_at', 'name', 'email', 'status', 'company_name'] as const;

const manage = ['customers.manage'] as const;
const compatibility = ['Customers', 'Compatibility'] as const;
const customerWrite = { type: 'customers', id: 'path' } as const;
const customerBody = resourceRequest('customers', updateCustomerSchema.partial());

export const customerContracts = {
  listCustomers: defineContract({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/customers',
    summary: 'All customers, each with the user id of its owner (its first admin) as id (super)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    query: customerListQuerySchema,
    sorts: CUSTOMER_SORTS,
    responses: { 200: listDocument(customerResourceSchema) },
    errors: [],
  }),
  getCustomer: defineContract({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/customers/:id',
    summary: 'One customer by its owner’s user id (super)',
    tags: ['Customers'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: customerDocumentSchema },
    errors: [],
  }),
  updateCustomer: defineContract({
    operationId: 'updateCustomer',
    method: 'PATCH',
    path: '/customers/:id',
    summary: 'Change a customer’s company and contact fields (partial; the e-mail is read-only) (super)',
    tags: ['Customers'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: customerWrite,
    body: customerBody,
    responses: { 200: customerDocumentSchema },
    errors: [],
  }),
  deleteCustomer: defineContract({
    operationId: 'deleteCustomer',
    method: 'DELETE',
    path: '/customers/:id',
    summary: 'Delete a customer with its users, phonebots and calls; its monthly call counts stay (super)',
    tags: ['Customers'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: customerWrite,
    body: resourceIdentifierRequest('customers'),
    responses: { 204: null },
    errors: [],
  }),
  getCustomerCompat: defineContract({
    operationId: 'getCustomerCompat',
    method: 'GET',
    path: '/customer/:id',
    summary: 'One customer by its owner’s user id (super)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: customerDocumentSchema },
    errors: [],
  }),
  updateCustomerCompat: defineContract({
    operationId: 'updateCustomerCompat',
    method: 'PATCH',
    path: '/customer/:id',
    summary: 'Change a customer’s company and contact fields (type customers; the e-mail is read-only) (super)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: customerWrite,
    body: customerBody,
    responses: { 200: customerDocumentSchema },
    errors: [],
  }),
  deleteCustomerCompat: defineContract({
    operationId: 'deleteCustomerCompat',
    method: 'DELETE',
    path: '/customer/:id',
    summary: 'Delete a customer with its users, phonebots and calls; its monthly call counts stay (super)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 204: null },
    errors: [],
  }),
  enableUser: defineContract({
    operationId: 'enableUser',
    method: 'PATCH',
    path: '/enableUser/:id',
    summary: 'Enable a user (a customer owner, a guest, any user); enabling an owner enables the customer (super)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: userDocumentSchema },
    errors: [],
  }),
  disableUser: defineContract({
    operationId: 'disableUser',
    method: 'PATCH',
    path: '/disableUser/:id',
    summary:
      'Disable a user; disabling an owner disables the customer, signs its users out and stops its phonebots (super)',
    tags: ['Customers'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: userDocumentSchema },
    errors: [],
  }),
};

export const guestResourceSchema = resourceObject('users', guestAttributesSchema);
export type GuestResource = z.infer<typeof guestResourceSchema>;
const guestDocumentSchema = singleDocument(guestResourceSchema);
const guestTags = ['Guests', 'Compatibility'] as const;
const guestsManage = ['guests.manage'] as const;

export const guestContracts = {
  guestAdministration: defineContract({
    operationId: 'listGuestAdministration',
    method: 'GET',
    path: '/guest',
    summary: 'Guest Administration: every guest user (type users) and every phonebot (type vbots) (super)',
    tags: guestTags,
    auth: 'user',
    operations: guestsManage,
    responses: {
      200: z.object({
        data: z.array(z.union([guestResourceSchema, phonebotResourceSchema('vbots')])),
        meta: z.object({ guests: z.number().int(), phonebots: z.number().int() }),
      }),
    },
    errors: [],
  }),
  getGuest: defineContract({
    operationId: 'getGuest',
    method: 'GET',
    path: '/guest/:id',
    summary: 'One guest user (super)',
    tags: guestTags,
    auth: 'user',
    operations: guestsManage,
    params: idParamSchema,
    responses: { 200: guestDocumentSchema },
    errors: [],
  }),
  addGuest: defineContract({
    operationId: 'addGuest',
    method: 'POST',
    path: '/guest',
    summary:
      'Add a guest user to a customer (customer_id: the id of its Customers row); a missing password is generated and answered once (super)',
    tags: ['Guests'],
    auth: 'user',
    operations: guestsManage,
    body: addGuestSchema,
    responses: {
      201: guestDocumentSchema.extend({ meta: z.object({ password: z.string() }).optional() }),
    },
    errors: [409],
  }),
  deleteGuest: defineContract({
    operationId: 'deleteGuest',
    method: 'DELETE',
    path: '/guest/:id',
    summary: 'Delete a guest user; its sessions end with it (super)',
    tags: ['Guests'],
    auth: 'user',
    operations: guestsManage,
    params: idParamSchema,
    responses: { 204: null },
    errors: [],
  }),
  createGuestPassword: defineContract({
    operationId: 'createGuestPassword',
    method: 'POST',
    path: '/guest/create-password',
    summary: 'A new password from a cryptographic source (20 characters) for the EditGuest form (super)',
    tags: guestTags,
    auth: 'user',
    operations: guestsManage,
    responses: { 200: metaDocument(z.object({ password: z.string() })) },
    errors: [],
  }),
  updateGuestPassword: defineContract({
    operationId: 'updateGuestPassword',
    method: 'PATCH',
    path: '/guest/update-password/:id',
    summary: 'Set a guest’s password; the guest is signed out everywhere (super)',
    tags: guestTags,
    auth: 'user',
    operations: guestsManage,
    params: idParamSchema,
    body: guestPasswordSchema,
    responses: { 200: metaDocument(z.object({ message: z.string() })) },
    errors: [],
  }),
};

export const callCountAttributesSchema = z.object({
  name: z.string(),
  phonebot: z.string(),
  number_of_calls: z.number().int(),
  customer_id: z.number().int(),
});
export const callCountResourceSchema = resourceObject('call-counts', callCountAttributesSchema);
export type CallCountResource = z.infer<typeof callCountResourceSchema>;

export const callsHistoryContracts = {
  callsCount: defineContract({
    operationId: 'getCallsCount',
    method: 'GET',
    path: '/fetchCallsCount',
    summary:
      'Calls per customer and phonebot in a month (YYYY-MM, the server’s time zone; default the current month) (super)',
    tags: ['Calls History', 'Compatibility'],
    auth: 'user',
    operations: ['callsHistory.view'],
    query: z.object({ month: CALLS_MONTH_SCHEMA.optional() }),
    responses: { 200: z.object({ data: z.array(callCountResourceSchema), meta: z.object({ month: z.string() }) }) },
    errors: [],
  }),
};
