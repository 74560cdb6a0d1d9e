import { defineContract } from '../core/contract';
import { metaDocument, resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { idParamSchema } from '../core/fields';
import {
  confirmTotpSchema,
  disableTotpSchema,
  loginTwoFactorEnrolConfirmSchema,
  loginTwoFactorEnrolSchema,
  loginTwoFactorSchema,
  twoFactorStatusSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  totpEnrolmentSchema,
} from './schema';
import { accessTokenSchema } from '../auth/contract';

const tags = ['Two-factor sign-in'] as const;
const securityDocumentSchema = singleDocument(resourceObject('security-settings', securitySettingsSchema));

export const twoFactorContracts = {
  loginMfa: defineContract({
    operationId: 'loginMfa',
    method: 'POST',
    path: '/login/mfa',
    summary:
      'Second step of a sign-in with two-factor sign-in on: the mfa_token of POST /login and a code of the authenticator app or a recovery code; answers what login answers',
    tags: ['Auth', ...tags],
    auth: 'public',
    body: loginTwoFactorSchema,
    responses: { 200: metaDocument(accessTokenSchema) },
    errors: [401, 403, 429],
  }),
  loginMfaEnrol: defineContract({
    operationId: 'loginMfaEnrol',
    method: 'POST',
    path: '/login/mfa/enrol',
    summary:
      'Set up two-factor sign-in during a sign-in that requires it (mfa_enrolment_required): answers a new secret and its otpauth URI',
    tags: ['Auth', ...tags],
    auth: 'public',
    body: loginTwoFactorEnrolSchema,
    responses: { 200: metaDocument(totpEnrolmentSchema) },
    errors: [401, 429],
  }),
  loginMfaEnrolConfirm: defineContract({
    operationId: 'loginMfaEnrolConfirm',
    method: 'POST',
    path: '/login/mfa/enrol/confirm',
    summary:
      'Finish the set-up during sign-in with a first code: turns two-factor sign-in on and answers the access token and the 10 recovery codes (shown once)',
    tags: ['Auth', ...tags],
    auth: 'public',
    body: loginTwoFactorEnrolConfirmSchema,
    responses: { 200: metaDocument(accessTokenSchema.extend(recoveryCodesSchema.shape)) },
    errors: [401, 403, 409, 429],
  }),
  status: defineContract({
    operationId: 'getMfa',
    method: 'GET',
    path: '/me/mfa',
    summary: 'Whether the signed-in user has two-factor sign-in on, whether it is required, recovery codes left',
    tags,
    auth: 'user',
    responses: { 200: metaDocument(twoFactorStatusSchema) },
    errors: [],
  }),
  startTotp: defineContract({
    operationId: 'startTotp',
    method: 'POST',
    path: '/me/mfa/totp',
    summary:
      'Start setting up two-factor sign-in: answers a new secret (base32) and its otpauth URI for the QR code; nothing changes until a code confirms it',
    tags,
    auth: 'user',
    responses: { 200: metaDocument(totpEnrolmentSchema) },
    errors: [409],
  }),
  confirmTotp: defineContract({
    operationId: 'confirmTotp',
    method: 'POST',
    path: '/me/mfa/totp/confirm',
    summary: 'Turn two-factor sign-in on with a first code; answers the 10 single-use recovery codes, shown once',
    tags,
    auth: 'user',
    body: confirmTotpSchema,
    responses: { 200: metaDocument(recoveryCodesSchema) },
    errors: [409, 429],
  }),
  disableTotp: defineContract({
    operationId: 'disableTotp',
    method: 'DELETE',
    path: '/me/mfa/totp',
    summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
    tags,
    auth: 'user',
    body: disableTotpSchema,
    responses: { 204: null },
    errors: [409, 429],
  }),
  resetUserMfa: defineContract({
    operationId: 'resetUserMfa',
    method: 'DELETE',
    path: '/users/:id/mfa',
    summary:
      'Reset a user’s lost second factor (company admins for their users, the super for anyone); the user is mailed and sets it up again',
    tags,
    auth: 'user',
    params: idParamSchema,
    responses: { 204: null },
    errors: [403],
  }),
  security: defineContract({
    operationId: 'getSecuritySettings',
    method: 'GET',
    path: '/settings/security',
    summary: 'Whether every user of the deployment must sign in with a second factor (super)',
    tags: ['Settings'],
    auth: 'user',
    operations: ['settings.manage'],
    responses: { 200: securityDocumentSchema },
    errors: [],
  }),
  updateSecurity: defineContract({
    operationId: 'updateSecuritySettings',
    method: 'PATCH',
    path: '/settings/security',
    summary: 'Require a second factor of every user of the deployment, or not (super)',
    tags: ['Settings'],
    auth: 'user',
    operations: ['settings.manage'],
    resource: { type: 'security-settings', id: 'singleton' },
    body: resourceRequest('security-settings', securitySettingsSchema),
    responses: { 200: securityDocumentSchema },
    errors: [],
  }),
};
