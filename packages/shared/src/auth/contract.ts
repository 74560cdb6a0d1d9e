import { z } from 'zod';
import { ROLES } from '../core/constants';
import { defineContract } from '../core/contract';
import { metaDocument } from '../core/jsonapi';
import {
  PASSWORD_LINK_KINDS,
  confirmEmailSchema,
  forgotSchema,
  loginSchema,
  passwordLinkSchema,
  registerSchema,
  resetSchema,
  verifyEmailSchema,
} from './schema';

const tags = ['Auth', 'Compatibility'] as const;

export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** What POST /login answers: an access token, or the second step it needs first (code, or setting up a code). */
export const loginAnswerSchema = z.union([
  accessTokenSchema,
  z.object({ mfa_required: z.literal(true), mfa_token: z.string() }),
  z.object({ mfa_enrolment_required: z.literal(true), mfa_token: z.string() }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const statusDocument = metaDocument(z.object({ status: z.string() }));

export const authContracts = {
  login: defineContract({
    operationId: 'login',
    method: 'POST',
    path: '/login',
    summary:
      'Sign in with e-mail and password; answers an access token, or, for a user with two-factor sign-in (or required to set it up), mfa_required (or mfa_enrolment_required) and an mfa_token for the second step',
    tags,
    auth: 'public',
    body: loginSchema,
    responses: { 200: metaDocument(loginAnswerSchema) },
    errors: [401, 403, 429],
  }),
  logout: defineContract({
    operationId: 'logout',
    method: 'POST',
    path: '/logout',
    summary: 'Revoke the access token of this request',
    tags,
    auth: 'user',
    responses: { 204: null },
    errors: [],
  }),
  register: defineContract({
    operationId: 'register',
    method: 'POST',
    path: '/register',
    summary: 'Register a new customer with its admin (Inactive until enabled, e-mail to verify)',
    tags,
    auth: 'public',
    body: registerSchema,
    responses: { 202: statusDocument },
    errors: [429],
  }),
  verifyEmail: defineContract({
    operationId: 'verifyEmail',
    method: 'POST',
    path: '/verify-email',
    summary:
      'Verify an address with the values of the verification mail’s link (its page at /verify-email sends them); 422 for an invalid, used or expired link',
    tags: ['Auth'],
    auth: 'public',
    body: verifyEmailSchema,
    responses: { 200: statusDocument },
    errors: [429],
  }),
  confirmEmail: defineContract({
    operationId: 'confirmEmail',
    method: 'POST',
    path: '/confirm-email',
    summary:
      'Confirm an e-mail change with the token of the link mailed to the new address (its page at /confirm-email sends it); 422 for an invalid, used or expired link',
    tags: ['Auth'],
    auth: 'public',
    body: confirmEmailSchema,
    responses: { 200: statusDocument },
    errors: [429],
  }),
  forgotPassword: defineContract({
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/password-forgot',
    summary: 'Mail a password reset link; answers the same whether or not the address is known',
    tags,
    auth: 'public',
    body: forgotSchema,
    responses: { 202: statusDocument },
    errors: [429],
  }),
  resetPassword: defineContract({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/password-reset',
    summary: 'Set a new password with the e-mailed token (reset or invitation); ends every session of the user',
    tags,
    auth: 'public',
    body: resetSchema,
    responses: { 200: statusDocument },
    errors: [429],
  }),
  passwordLink: defineContract({
    operationId: 'describePasswordLink',
    method: 'POST',
    path: '/password-reset/link',
    summary:
      'What an e-mailed password link that still works is for: reset (forgotten password) or invite (a new user); uses nothing',
    tags: ['Auth'],
    auth: 'public',
    body: passwordLinkSchema,
    responses: { 200: metaDocument(z.object({ kind: z.enum(PASSWORD_LINK_KINDS) })) },
    errors: [429],
  }),
  role: defineContract({
    operationId: 'getRole',
    method: 'GET',
    path: '/role',
    summary: 'The role of the signed-in user',
    tags,
    auth: 'user',
    responses: { 200: metaDocument(z.object({ role: z.enum(ROLES) })) },
    errors: [],
  }),
};
