import type { z } from 'zod';
import {
  confirmEmailQuerySchema,
  forgotSchema,
  loginAnswerSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  roleAnswerSchema,
  statusAnswerSchema,
  verifyEmailQuerySchema,
} from '@phonebot/shared';
import type { ApiRouter } from '../../lib/router';
import { errorResponses } from '../../lib/openapi';
import {
  type AuthDeps,
  confirmEmailChange,
  forgotPassword,
  login,
  register,
  resetPassword,
  verifyEmail,
} from './auth.service';
import { revokeToken } from './tokens.service';

export function registerAuthRoutes(router: ApiRouter, deps: AuthDeps): void {
  router.public(
    {
      method: 'POST',
      url: '/login',
      summary: 'Sign in with e-mail and password; answers an access token',
      tags: ['Auth'],
      body: loginSchema,
      responses: {
        200: { description: 'Signed in', schema: loginAnswerSchema },
        ...errorResponses(401, 403, 422, 429),
      },
    },
    async ({ body, req }) => login(deps, body, req.ip),
  );

  router.authed(
    {
      method: 'POST',
      url: '/logout',
      summary: 'Revoke the access token of this request',
      tags: ['Auth'],
      responses: { 204: { description: 'Signed out' }, ...errorResponses(401) },
    },
    async ({ principal, reply }) => {
      await revokeToken(deps.db, principal.tokenId);
      reply.code(204);
    },
  );

  router.public(
    {
      method: 'POST',
      url: '/register',
      summary: 'Register a new customer with its admin (Inactive until enabled, e-mail to verify)',
      tags: ['Auth'],
      body: registerSchema,
      responses: {
        202: { description: 'Accepted; a mail was sent', schema: statusAnswerSchema },
        ...errorResponses(422, 429),
      },
    },
    async ({ body, req, reply }) => {
      await register(deps, body, req.ip);
      reply.code(202);
      return { status: 'registered' };
    },
  );

  router.public(
    {
      method: 'GET',
      url: '/verify-email',
      summary: 'The link of the verification mail: verifies the address and redirects to /login?verified=1 (or 0)',
      tags: ['Auth'],
      query: verifyEmailQuerySchema,
      responses: { 302: { description: 'Redirect to the login page with the outcome' } },
    },
    async ({ query, reply }) => {
      const ok = await verifyEmail(deps, query.email, query.token);
      return reply.redirect(`/login?verified=${ok ? 1 : 0}`, 302);
    },
  );

  router.public(
    {
      method: 'GET',
      url: '/confirm-email',
      summary:
        'The link of the e-mail change mail: the new address becomes the account’s; redirects to /login?emailChanged=1 (or 0)',
      tags: ['Auth'],
      query: confirmEmailQuerySchema,
      responses: { 302: { description: 'Redirect to the login page with the outcome' } },
    },
    async ({ query, reply, req }) => {
      const ok = await confirmEmailChange(deps, query.token, req.ip);
      return reply.redirect(`/login?emailChanged=${ok ? 1 : 0}`, 302);
    },
  );

  router.public(
    {
      method: 'POST',
      url: '/password-forgot',
      summary: 'Mail a password reset link; answers the same whether or not the address is known',
      tags: ['Auth'],
      body: forgotSchema,
      responses: { 202: { description: 'Accepted', schema: statusAnswerSchema }, ...errorResponses(422, 429) },
    },
    async ({ body, req, reply }) => {
      await forgotPassword(deps, body, req.ip);
      reply.code(202);
      return { status: 'sent' };
    },
  );

  router.public(
    {
      method: 'POST',
      url: '/password-reset',
      summary: 'Set a new password with the e-mailed token (reset or invitation); ends every session of the user',
      tags: ['Auth'],
      body: resetSchema,
      responses: { 200: { description: 'Password changed', schema: statusAnswerSchema }, ...errorResponses(422, 429) },
    },
    async ({ body, req }) => {
      await resetPassword(deps, body, req.ip);
      return { status: 'changed' };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/role',
      summary: 'The role of the signed-in user',
      tags: ['Auth'],
      responses: { 200: { description: 'The role', schema: roleAnswerSchema }, ...errorResponses(401) },
    },
    async ({ principal }) => ({ role: principal.role }) satisfies z.infer<typeof roleAnswerSchema>,
  );
}
