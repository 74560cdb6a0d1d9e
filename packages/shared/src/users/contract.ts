import { z } from 'zod';
import { defineContract } from '../core/contract';
import {
  listDocument,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import type { MessageKey } from '../core/messages';
import { emailSchema, idParamSchema, requiredText } from '../core/fields';
import { pagedQuery } from '../core/paged-query';
import { COMPANY_ROLES, addUserSchema, updateUserSchema, userAttributesSchema } from './schema';

export const userResourceSchema = resourceObject('users', userAttributesSchema);
export type UserResource = z.infer<typeof userResourceSchema>;
export const userDocumentSchema = singleDocument(userResourceSchema);
export const userListDocumentSchema = listDocument(userResourceSchema);

/**
 * A new user through the resource API: an e-mail and a name (or the Add User form's first and last name), and
 * optionally a role; the user sets a password from the invitation mail.
 */
export const createUserAttributesSchema = z
  .object({
    email: emailSchema,
    name: requiredText('nameRequired').optional(),
    fname: requiredText('firstNameRequired').optional(),
    lname: requiredText('lastNameRequired').optional(),
    role: z.enum(COMPANY_ROLES, { error: () => 'roleRequired' satisfies MessageKey }).optional(),
  })
  .refine((v) => v.name !== undefined || (v.fname !== undefined && v.lname !== undefined), {
    message: 'nameRequired' satisfies MessageKey,
    path: ['name'],
  });

const manage = ['users.manage'] as const;
const compatibility = ['Users', 'Compatibility'] as const;
const userWrite = { type: 'users', id: 'path' } as const;

export const userContracts = {
  listUsers: defineContract({
    operationId: 'listUsers',
    method: 'GET',
    path: '/users',
    summary: 'The users of the caller’s company (admin), paged',
    tags: ['Users'],
    auth: 'user',
    operations: manage,
    query: pagedQuery({}, { perPage: 'all' }),
    responses: { 200: userListDocumentSchema },
    errors: [],
  }),
  createUser: defineContract({
    operationId: 'createUser',
    method: 'POST',
    path: '/users',
    summary: 'Add a user (Active) and mail them an invitation to set a password (admin)',
    tags: ['Users'],
    auth: 'user',
    operations: manage,
    resource: { type: 'users', id: 'none' },
    body: resourceRequest('users', createUserAttributesSchema),
    responses: { 201: userDocumentSchema },
    errors: [409],
  }),
  getUser: defineContract({
    operationId: 'getUser',
    method: 'GET',
    path: '/users/:id',
    summary: 'One user of the caller’s company (admin)',
    tags: ['Users'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: userDocumentSchema },
    errors: [],
  }),
  updateUser: defineContract({
    operationId: 'updateUser',
    method: 'PATCH',
    path: '/users/:id',
    summary: 'Change a user’s e-mail, name or role (admin, partial); the last admin cannot be demoted',
    tags: ['Users'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: userWrite,
    body: resourceRequest('users', updateUserSchema.partial()),
    responses: { 200: userDocumentSchema },
    errors: [409],
  }),
  deleteUser: defineContract({
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Delete a user of the company (admin); their sessions end at once; the last admin cannot be deleted',
    tags: ['Users'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: userWrite,
    body: resourceIdentifierRequest('users'),
    responses: { 204: null },
    errors: [409],
  }),
  listUsersCompat: defineContract({
    operationId: 'listUsersCompat',
    method: 'GET',
    path: '/user',
    summary: 'The users of the caller’s company (admin), unpaged',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    responses: { 200: userListDocumentSchema },
    errors: [],
  }),
  addUserCompat: defineContract({
    operationId: 'addUserCompat',
    method: 'POST',
    path: '/user',
    summary: 'Add a user (role user, Active) and mail them an invitation to set a password (admin)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    resource: { type: 'users', id: 'none' },
    body: resourceRequest('users', addUserSchema),
    responses: { 201: userDocumentSchema },
    errors: [409],
  }),
  getUserCompat: defineContract({
    operationId: 'getUserCompat',
    method: 'GET',
    path: '/user/:id',
    summary: 'One user of the caller’s company (admin)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: userDocumentSchema },
    errors: [],
  }),
  updateUserCompat: defineContract({
    operationId: 'updateUserCompat',
    method: 'PATCH',
    path: '/user/:id',
    summary: 'Change a user’s e-mail, name or role (admin); the last admin cannot be demoted',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: userWrite,
    body: resourceRequest('users', updateUserSchema.partial()),
    responses: { 200: userDocumentSchema },
    errors: [409],
  }),
  deleteUserCompat: defineContract({
    operationId: 'deleteUserCompat',
    method: 'DELETE',
    path: '/user/:id',
    summary: 'Delete a user of the company (admin); their sessions end at once; the last admin cannot be deleted',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 204: null },
    errors: [409],
  }),
};
