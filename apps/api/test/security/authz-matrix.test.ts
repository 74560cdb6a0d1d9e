import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyScopeOf } from '@phonebot/shared/api-keys';
import { PASSWORD, type SignedIn, type TestApp, createTestApp } from '../app';
import { writeFigures } from './figures';

/**
 * The authorization matrix: every API route x every kind of caller x an object of the caller's own company or of
 * another company -> the status it must answer. A route the table does not list fails the test.
 */

type Caller = 'anonymous' | 'super' | 'admin' | 'adminuser' | 'user' | 'guest' | 'bot' | 'disabled' | 'apikey';
const CALLERS: Caller[] = ['anonymous', 'super', 'admin', 'adminuser', 'user', 'guest', 'bot', 'disabled', 'apikey'];

/** What a path id or body id points at, created fresh for every check so that deletes do not disturb others. */
type Target =
  | 'none'
  | 'companyUser'
  | 'self'
  | 'owner'
  | 'phonebot'
  | 'phonebotVersion'
  | 'call'
  | 'caller'
  | 'guest'
  | 'apiKey'
  | 'webhook'
  | 'delivery'
  | 'notification';

type World = { companyA: Company; companyB: Company };
type Company = { owner: SignedIn; customerId: number; phonebot: { licenseKey: string; botToken: string; id: number } };

type Ctx = { target: string; caller: SignedIn | undefined; world: World; other: boolean };
type Row = {
  target: Target;
  body?: (ctx: Ctx) => unknown;
  headers?: () => Record<string, string>;
  /** The client address to send from (for rate limits per client); 127.0.0.1 otherwise. */
  client?: () => string;
  /** Statuses for callers allowed to use the route: [own company's object, other company's object]. */
  allow: Partial<Record<Caller, [number, number]>>;
  /** Public routes: every caller gets this. */
  everyone?: number;
};

const random = () => crypto.randomBytes(5).toString('hex');
const vbots = (attributes: Record<string, unknown>) => ({ data: { type: 'vbots', attributes } });
const users = (attributes: Record<string, unknown>) => ({ data: { type: 'users', attributes } });
const company = (status: [number, number]) => ({ admin: status, adminuser: status, user: status });
const companyAndGuest = (status: [number, number]) => ({ ...company(status), guest: status });
const managers = (status: [number, number]) => ({ admin: status, adminuser: status });

const MATRIX: Record<string, Row> = {
  'POST /login': {
    target: 'none',
    body: () => ({ email: `nobody-${random()}@example.com`, password: 'wrong-password' }),
    allow: {},
    everyone: 401,
  },
  'POST /logout': { target: 'none', allow: { super: [204, 204], ...companyAndGuest([204, 204]) } },
  // Sign-ups are limited per client: each check signs up from its own address.
  'POST /register': {
    target: 'none',
    client: () => `10.9.${crypto.randomInt(256)}.${crypto.randomInt(256)}`,
    body: () => ({
      name: 'N',
      email: `reg-${random()}@example.com`,
      password: 'password-12',
      password_confirmation: 'password-12',
    }),
    allow: {},
    everyone: 202,
  },
  'POST /verify-email': {
    target: 'none',
    body: () => ({ email: `nobody-${random()}@example.com`, token: 'bogus' }),
    allow: {},
    everyone: 422,
  },
  'POST /confirm-email': { target: 'none', body: () => ({ token: 'bogus' }), allow: {}, everyone: 422 },
  'POST /password-forgot': {
    target: 'none',
    body: () => ({ email: `forgot-${random()}@example.com` }),
    allow: {},
    everyone: 202,
  },
  'POST /password-reset': {
    target: 'none',
    body: () => ({
      email: `reset-${random()}@example.com`,
      token: 'bogus',
      password: 'password-12',
      password_confirmation: 'password-12',
    }),
    allow: {},
    everyone: 422,
  },
  'POST /password-reset/link': {
    target: 'none',
    body: () => ({ email: `link-${random()}@example.com`, token: 'bogus' }),
    allow: {},
    everyone: 422,
  },
  // A second step without a live challenge from POST /login: 401 for everyone.
  'POST /login/mfa': {
    target: 'none',
    body: () => ({ mfa_token: random().repeat(4), code: '123456' }),
    allow: {},
    everyone: 401,
  },
  'POST /login/mfa/enrol': {
    target: 'none',
    body: () => ({ mfa_token: random().repeat(4) }),
    allow: {},
    everyone: 401,
  },
  'POST /login/mfa/enrol/confirm': {
    target: 'none',
    body: () => ({ mfa_token: random().repeat(4), code: '123456' }),
    allow: {},
    everyone: 401,
  },
  'GET /me/mfa': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'POST /me/mfa/totp': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  // A fresh caller has started no enrolment and has no second factor to turn off: 409 once allowed.
  'POST /me/mfa/totp/confirm': {
    target: 'none',
    body: () => ({ code: '123456' }),
    allow: { super: [409, 409], ...companyAndGuest([409, 409]) },
  },
  'DELETE /me/mfa/totp': {
    target: 'none',
    body: () => ({ password: PASSWORD, code: '123456' }),
    allow: { super: [409, 409], ...companyAndGuest([409, 409]) },
  },
  'DELETE /users/:id/mfa': { target: 'companyUser', allow: { super: [204, 204], admin: [204, 404] } },
  'GET /settings/security': { target: 'none', allow: { super: [200, 200] } },
  'PATCH /settings/security': {
    target: 'none',
    body: () => ({ data: { type: 'security-settings', attributes: { require_mfa: false } } }),
    allow: { super: [200, 200] },
  },
  // A wrong password: every signed-in user may ask, an API key may not.
  'POST /me/reauth': {
    target: 'none',
    body: () => ({ password: 'not-the-password' }),
    allow: { super: [422, 422], ...companyAndGuest([422, 422]) },
  },
  'GET /me/sessions': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  // No session of the caller has the id "x".
  'DELETE /me/sessions/:id': { target: 'none', allow: { super: [404, 404], ...companyAndGuest([404, 404]) } },
  'DELETE /me/sessions': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'GET /audit-events': { target: 'none', allow: { super: [200, 200], admin: [200, 200] } },
  'GET /audit-events/export': { target: 'none', allow: { super: [200, 200], admin: [200, 200] } },
  'GET /role': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'GET /user': { target: 'none', allow: { admin: [200, 200] } },
  'POST /user': {
    target: 'none',
    body: () => users({ email: `new-${random()}@example.com`, fname: 'A', lname: 'B' }),
    allow: { admin: [201, 201] },
  },
  'GET /user/:id': { target: 'companyUser', allow: { admin: [200, 404] } },
  'PATCH /user/:id': { target: 'companyUser', body: () => users({ name: 'Renamed' }), allow: { admin: [200, 404] } },
  'DELETE /user/:id': { target: 'companyUser', allow: { admin: [204, 404] } },
  'GET /users': { target: 'none', allow: { admin: [200, 200] } },
  'POST /users': {
    target: 'none',
    body: () => users({ email: `new-${random()}@example.com`, name: 'A B' }),
    allow: { admin: [201, 201] },
  },
  'GET /users/:id': { target: 'companyUser', allow: { admin: [200, 404] } },
  'PATCH /users/:id': {
    target: 'companyUser',
    body: (ctx) => ({ data: { type: 'users', id: ctx.target, attributes: { name: 'Renamed' } } }),
    allow: { admin: [200, 404] },
  },
  'DELETE /users/:id': { target: 'companyUser', allow: { admin: [204, 404] } },
  'GET /me': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'PATCH /me': {
    target: 'none',
    body: () => ({ data: { type: 'profile', attributes: { name: 'Me' } } }),
    allow: { super: [200, 200], ...company([200, 200]) },
  },
  'POST /change': {
    target: 'none',
    body: () => ({ cpsd: PASSWORD, npsd: 'another-pass-1', npsd_confirmation: 'another-pass-1' }),
    allow: { super: [200, 200], ...company([200, 200]) },
  },
  'GET /profile': { target: 'none', allow: managers([200, 200]) },
  'GET /profile/retention-preview': { target: 'none', allow: managers([200, 200]) },
  'PATCH /profile': {
    target: 'none',
    body: () => ({ data: { type: 'profile', attributes: { city: 'Bonn' } } }),
    allow: managers([200, 200]),
  },
  'GET /urgent-mail': { target: 'none', allow: managers([200, 200]) },
  'PATCH /urgent-mail': {
    target: 'none',
    body: () => ({ data: { type: 'urgent-mail', attributes: { after_minutes: 20 } } }),
    allow: managers([200, 200]),
  },
  // Allowed callers reach the handler: their own id without a multipart body answers 415, another's 404.
  'POST /uploads/users/:id/profile-image': { target: 'self', allow: { super: [415, 404], ...company([415, 404]) } },
  'DELETE /uploads/users/:id/profile-image': { target: 'self', allow: { super: [204, 404], ...company([204, 404]) } },
  'GET /dashboard': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'GET /dashboard/checklist': { target: 'none', allow: managers([200, 200]) },
  'GET /analytics/calls': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /customers': { target: 'none', allow: { super: [200, 200] } },
  'PATCH /enableUser/:id': { target: 'owner', allow: { super: [200, 200] } },
  'GET /customer/:id': { target: 'owner', allow: { super: [200, 200] } },
  'PATCH /customer/:id': {
    target: 'owner',
    body: () => ({ data: { type: 'customers', attributes: { city: 'Bonn' } } }),
    allow: { super: [200, 200] },
  },
  'DELETE /customer/:id': { target: 'owner', allow: { super: [204, 204] } },
  'GET /customers/:id/users': { target: 'owner', allow: { super: [200, 200] } },
  'GET /customers/:id': { target: 'owner', allow: { super: [200, 200] } },
  'PATCH /customers/:id': {
    target: 'owner',
    body: () => ({ data: { type: 'customers', attributes: { city: 'Bonn' } } }),
    allow: { super: [200, 200] },
  },
  'DELETE /customers/:id': { target: 'owner', allow: { super: [204, 204] } },
  'PATCH /disableUser/:id': { target: 'owner', allow: { super: [200, 200] } },
  'GET /vbot': { target: 'none', allow: { ...managers([200, 200]), guest: [200, 200] } },
  'POST /vbot': { target: 'none', body: () => vbots({ bezeichnung: 'Matrix bot' }), allow: managers([201, 201]) },
  'GET /vbot/:license_Key': { target: 'phonebot', allow: { ...managers([200, 404]), super: [200, 200] } },
  'PATCH /vbot/:license_Key': {
    target: 'phonebot',
    body: () => vbots({ prompt: 'changed' }),
    allow: managers([200, 404]),
  },
  'DELETE /vbot/:license_Key': { target: 'phonebot', allow: { ...managers([204, 404]), super: [204, 204] } },
  // A new bot token hands out the phonebot's secrets: the company's owners only (with step-up).
  'POST /phonebots/:id/bot-token': { target: 'phonebot', allow: { admin: [201, 404], apikey: [403, 404] } },
  'GET /phonebots': { target: 'none', allow: { ...managers([200, 200]), guest: [200, 200], super: [200, 200] } },
  'GET /phonebots/:id': {
    target: 'phonebot',
    allow: { ...managers([200, 404]), guest: [200, 404], super: [200, 200] },
  },
  'POST /phonebots': {
    target: 'none',
    body: () => ({ data: { type: 'phonebots', attributes: { bezeichnung: 'Resource bot' } } }),
    allow: managers([201, 201]),
  },
  'PATCH /phonebots/:id': {
    target: 'phonebot',
    body: (ctx) => ({ data: { type: 'phonebots', id: ctx.target, attributes: { prompt: 'changed' } } }),
    allow: { ...managers([200, 404]), guest: [200, 404], super: [200, 200] },
  },
  'DELETE /phonebots/:id': { target: 'phonebot', allow: { ...managers([204, 404]), super: [204, 204] } },
  'GET /phonebots/:id/versions': {
    target: 'phonebot',
    allow: { ...managers([200, 404]), guest: [200, 404], super: [200, 200] },
  },
  'GET /phonebots/:id/versions/:n': {
    target: 'phonebotVersion',
    allow: { ...managers([200, 404]), guest: [200, 404], super: [200, 200] },
  },
  'POST /phonebots/:id/versions/:n/restore': {
    target: 'phonebotVersion',
    allow: { ...managers([201, 404]), guest: [201, 404], super: [201, 201] },
  },
  'GET /phonebot-alerts': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /vbotbyguest/:license_Key': { target: 'phonebot', allow: { guest: [200, 404] } },
  'PATCH /vbotbyguest/:license_Key': {
    target: 'phonebot',
    body: () => vbots({ prompt: 'by guest' }),
    allow: { guest: [200, 404] },
  },
  'GET /phonebot': { target: 'none', allow: { super: [200, 200] } },
  'PATCH /phonebot/:license_Key': {
    target: 'phonebot',
    body: () => vbots({ prompt: 'by super' }),
    allow: { super: [200, 200] },
  },
  // The bot token belongs to a phonebot of the caller's own company; the phonebot is unpaid, so /config answers 403.
  'GET /bot/config': { target: 'none', allow: { bot: [403, 403] } },
  'POST /bot/calls': {
    target: 'none',
    body: () => ({ caller_number: '+4930123', response: [] }),
    headers: () => ({ 'idempotency-key': random() }),
    allow: { bot: [201, 201] },
  },
  'POST /bot/heartbeat': { target: 'none', allow: { bot: [200, 200] } },
  'GET /callsview': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /newcalls': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /completed': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /calls': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /calls/export': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /calls/counts': { target: 'none', allow: companyAndGuest([200, 200]) },
  'GET /calls/assignees': { target: 'none', allow: managers([200, 200]) },
  'GET /calls/:id': { target: 'call', allow: companyAndGuest([200, 404]) },
  'DELETE /calls/:id': { target: 'call', allow: company([204, 404]) },
  // A fresh call has no recording: every reader gets 404, as for another company's call.
  'GET /calls/:id/recording': { target: 'call', allow: companyAndGuest([404, 404]) },
  'POST /calls/:id/recording/ticket': { target: 'call', allow: companyAndGuest([404, 404]) },
  // The phonebot's own call without an audio body: 415; another company's call: 404 before the body is read.
  'PUT /bot/calls/:id/recording': { target: 'call', allow: { bot: [415, 404] } },
  'POST /calls': {
    target: 'none',
    body: (ctx) => ({
      data: {
        type: 'calls',
        attributes: { phonebot: ctx.world.companyA.phonebot.licenseKey, caller_number: '+4930123' },
      },
    }),
    allow: company([201, 201]),
  },
  'PATCH /calls/:id': {
    target: 'call',
    body: (ctx) => ({ data: { type: 'calls', id: ctx.target, attributes: { status: 'In Progress' } } }),
    allow: company([200, 404]),
  },
  'GET /calls/:id/notes': { target: 'call', allow: companyAndGuest([200, 404]) },
  'POST /calls/:id/notes': {
    target: 'call',
    body: () => ({ data: { type: 'notes', attributes: { text: 'A note' } } }),
    allow: company([201, 404]),
  },
  'GET /calls/:id/sms': { target: 'call', allow: companyAndGuest([200, 404]) },
  'POST /calls/:id/sms': {
    target: 'call',
    body: () => ({ data: { type: 'sms', attributes: { to: '+491701234567', message: 'Hallo' } } }),
    allow: company([201, 404]),
  },
  'POST /calls/:id/attempts': {
    target: 'call',
    body: () => ({ data: { type: 'call-attempts', attributes: { outcome: 'no_answer' } } }),
    allow: company([201, 404]),
  },
  // Twilio is not configured in this app: an allowed caller of its own call hears so (503).
  'POST /calls/:id/dial': { target: 'call', allow: company([503, 503]) },
  'PATCH /updateCallStatus/:id': {
    target: 'call',
    body: () => ({ status: 'In Progress' }),
    allow: company([200, 404]),
  },
  'PATCH /updateCallStatusCompleted/:id': { target: 'call', allow: company([200, 404]) },
  'PATCH /updateBulkStatus': {
    target: 'call',
    body: (ctx) => ({ calls: [{ id: Number(ctx.target), status: 'Completed' }] }),
    allow: company([200, 404]),
  },
  // Each caller takes the call for itself (operators may assign only themselves).
  'PATCH /updateBulkAssignee': {
    target: 'call',
    body: (ctx) => ({ calls: [{ id: Number(ctx.target) }], assignee_id: ctx.caller?.userId ?? null }),
    allow: company([200, 404]),
  },
  'PATCH /updateBulkSnooze': {
    target: 'call',
    body: (ctx) => ({
      calls: [{ id: Number(ctx.target) }],
      snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    allow: company([200, 404]),
  },
  'PATCH /updateBulkFields': {
    target: 'call',
    body: (ctx) => ({ calls: [{ id: Number(ctx.target) }], priority: 'Important Callback' }),
    allow: company([200, 404]),
  },
  // A number is no object of a company: any number answers that company's calls of it (another company's: none).
  // A withheld one ('anonymous', the 'x' of routes without a target) names nobody and answers 404.
  'GET /callers/:number/calls': { target: 'caller', allow: companyAndGuest([200, 200]) },
  // A fresh number with a call in the company: another company keeps nothing of it (404).
  'GET /callers/:number': { target: 'caller', allow: company([200, 404]) },
  'GET /callers/:number/export': { target: 'caller', allow: company([200, 404]) },
  'DELETE /callers/:number': { target: 'caller', allow: managers([200, 404]) },
  // Marking notified ignores other companies' ids (nothing to refuse: it changes nothing of theirs). It is a
  // write, so guests (read only) are refused.
  'PATCH /updateNotificationStatus': {
    target: 'call',
    body: (ctx) => ({ calls: [{ id: Number(ctx.target) }] }),
    allow: company([200, 200]),
  },
  'PATCH /updateCallCategory/:id': {
    target: 'call',
    body: () => ({ selected_category: null }),
    allow: company([200, 404]),
  },
  'PATCH /updateCallPriority/:id': {
    target: 'call',
    body: () => ({ priority: 'Transferred' }),
    allow: company([200, 404]),
  },
  'GET /notes/:callId': { target: 'call', allow: companyAndGuest([200, 404]) },
  'POST /notes/:callId': { target: 'call', body: () => ({ text: 'A note' }), allow: company([201, 404]) },
  'POST /sendSms': {
    target: 'call',
    body: (ctx) => ({ call_id: Number(ctx.target), to: '+491701234567', message: 'Hallo' }),
    allow: company([201, 404]),
  },
  'GET /getCategory': { target: 'none', allow: companyAndGuest([200, 200]) },
  'DELETE /deleteOldCallLogs': { target: 'none', allow: { super: [200, 200] } },
  'GET /guest': { target: 'none', allow: { super: [200, 200] } },
  'GET /guest/:id': { target: 'guest', allow: { super: [200, 200] } },
  'POST /guest': {
    target: 'owner',
    body: (ctx) => ({
      customer_id: Number(ctx.target),
      name: 'G',
      email: `guest-${random()}@example.com`,
      password: 'guest-pass-1',
    }),
    allow: { super: [201, 201] },
  },
  'POST /guest/create-password': { target: 'none', allow: { super: [200, 200] } },
  'DELETE /guest/:id': { target: 'guest', allow: { super: [204, 204] } },
  'PATCH /guest/update-password/:id': {
    target: 'guest',
    body: () => ({ password: 'guest-pass-2' }),
    allow: { super: [200, 200] },
  },
  'GET /public-config': { target: 'none', allow: {}, everyone: 200 },
  'GET /settings/operator': { target: 'none', allow: { super: [200, 200] } },
  'PATCH /settings/operator': {
    target: 'none',
    body: () => ({ data: { type: 'operator-settings', attributes: { name: 'Matrix GmbH' } } }),
    allow: { super: [200, 200] },
  },
  // Billing is not configured in this app: an allowed caller of its own phonebot hears so (409).
  'POST /phonebots/:id/checkout': { target: 'phonebot', allow: { ...managers([409, 404]), super: [409, 409] } },
  'POST /billing/paddle-webhook': { target: 'none', body: () => ({}), allow: {}, everyone: 503 },
  // A platform's connector address: no login; an address naming no phonebot of that platform is not found.
  'POST /connect/:source/:license_key': { target: 'none', body: () => ({}), allow: {}, everyone: 404 },
  // Twilio's delivery reports: signed with the auth token, never with a user's token; unsigned ones are refused.
  'POST /sms/status': {
    target: 'none',
    body: () => ({}),
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    allow: {},
    everyone: 403,
  },
  // Twilio's webhooks of click-to-call and SMS replies: signed with the auth token, never with a user's token.
  'POST /dial/:attempt/twiml': {
    target: 'none',
    body: () => ({}),
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    allow: {},
    everyone: 403,
  },
  'POST /dial/:attempt/status': {
    target: 'none',
    body: () => ({}),
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    allow: {},
    everyone: 403,
  },
  'POST /sms/inbound': {
    target: 'none',
    body: () => ({}),
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    allow: {},
    everyone: 403,
  },
  'GET /fetchCallsCount': { target: 'none', allow: { super: [200, 200] } },
  'GET /usage': { target: 'none', allow: { super: [200, 200] } },
  'POST /events/ticket': { target: 'none', allow: companyAndGuest([200, 200]) },
  // Allowed callers reach the handler: the matrix's client accepts only JSON:API, which the stream answers 406.
  'GET /events': { target: 'none', allow: companyAndGuest([406, 406]) },
  // A user's own notifications: another's (of any company) answers 404; API keys have no scope for them.
  'GET /notifications': { target: 'none', allow: companyAndGuest([200, 200]) },
  'PATCH /notifications/:id': {
    target: 'notification',
    body: (ctx) => ({ data: { type: 'notifications', id: ctx.target, attributes: { read: true } } }),
    allow: companyAndGuest([200, 404]),
  },
  'POST /notifications/read-all': { target: 'none', allow: companyAndGuest([200, 200]) },
  // Web Push: the key for every signed-in user; a user's own browsers for the company's staff (another's id: 404).
  'GET /push/vapid-public-key': { target: 'none', allow: { super: [200, 200], ...companyAndGuest([200, 200]) } },
  'GET /me/push-subscriptions': { target: 'none', allow: company([200, 200]) },
  'POST /me/push-subscriptions': {
    target: 'none',
    body: () => {
      const keys = crypto.createECDH('prime256v1');
      return {
        data: {
          type: 'push-subscriptions',
          attributes: {
            endpoint: `https://push.example.com/send/${random()}`,
            keys: {
              p256dh: keys.generateKeys().toString('base64url'),
              auth: crypto.randomBytes(16).toString('base64url'),
            },
          },
        },
      };
    },
    allow: company([201, 201]),
  },
  'DELETE /me/push-subscriptions/:id': { target: 'none', allow: company([404, 404]) },
  'GET /sms-templates': { target: 'none', allow: company([200, 200]) },
  'PATCH /sms-templates': {
    target: 'none',
    body: () => ({ data: { type: 'sms-templates', attributes: { sms_templates: [{ name: 'Hi', text: 'Hello' }] } } }),
    allow: managers([200, 200]),
  },
  'GET /api-keys': { target: 'none', allow: { admin: [200, 200] } },
  'POST /api-keys': {
    target: 'none',
    body: () => ({ data: { type: 'api-keys', attributes: { name: 'Matrix', scopes: ['calls:read'] } } }),
    allow: { admin: [201, 201] },
  },
  'DELETE /api-keys/:id': { target: 'apiKey', allow: { admin: [204, 404] } },
  'GET /webhooks': { target: 'none', allow: { admin: [200, 200] } },
  'POST /webhooks': {
    target: 'none',
    body: () => ({
      data: { type: 'webhooks', attributes: { url: 'https://192.0.2.1/hook', events: ['call.created'] } },
    }),
    allow: { admin: [201, 201] },
  },
  'GET /webhooks/:id': { target: 'webhook', allow: { admin: [200, 404] } },
  'PATCH /webhooks/:id': {
    target: 'webhook',
    body: (ctx) => ({ data: { type: 'webhooks', id: ctx.target, attributes: { enabled: false } } }),
    allow: { admin: [200, 404] },
  },
  'DELETE /webhooks/:id': { target: 'webhook', allow: { admin: [204, 404] } },
  'POST /webhooks/:id/test': { target: 'webhook', allow: { admin: [202, 404] } },
  'GET /webhooks/:id/deliveries': { target: 'webhook', allow: { admin: [200, 404] } },
  'POST /webhooks/:id/deliveries/:deliveryId/redeliver': { target: 'delivery', allow: { admin: [202, 404] } },
};

const ALL_SCOPES = ['calls:read', 'calls:write', 'phonebots:read', 'phonebots:write', 'users:read'];

/** An endpoint of a company, at an address the test network does not route (nothing is delivered). */
async function createWebhook(of: Company): Promise<{ id: string }> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/webhooks',
    token: of.owner.token,
    body: { data: { type: 'webhooks', attributes: { url: 'https://192.0.2.1/hook', events: ['call.created'] } } },
  });
  return { id: res.json.data.id };
}

/** A key of the caller's company with every scope: it may do what its admin may, within the resource areas. */
async function createKey(of: Company, scopes: string[] = ALL_SCOPES): Promise<{ id: string; token: string }> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/api-keys',
    token: of.owner.token,
    body: { data: { type: 'api-keys', attributes: { name: 'Matrix key', scopes } } },
  });
  return { id: res.json.data.id, token: res.json.data.attributes.token };
}

let app: TestApp;
let world: World;

async function makeCompany(): Promise<Company> {
  const owner = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: vbots({ bezeichnung: 'Home bot' }),
  });
  const row = await app.db.db
    .selectFrom('phonebots')
    .select('id')
    .where('license_key', '=', created.json.meta.license_Key)
    .executeTakeFirstOrThrow();
  return {
    owner,
    customerId: owner.customerId!,
    phonebot: { licenseKey: created.json.meta.license_Key, botToken: created.json.meta.bot_token, id: row.id },
  };
}

async function freshTarget(kind: Target, of: Company, caller: SignedIn | undefined): Promise<string> {
  switch (kind) {
    case 'none':
      return '';
    case 'self':
      // The caller's own id within its own company; another company's user otherwise.
      return String(of === world.companyA && caller ? caller.userId : of.owner.userId);
    case 'companyUser':
      return String((await app.signIn('user', { customerId: of.customerId })).userId);
    case 'guest':
      return String((await app.signIn('guest', { customerId: of.customerId })).userId);
    case 'owner':
      return String((await app.signIn('admin')).userId);
    case 'phonebot': {
      const created = await app.request({
        method: 'POST',
        url: '/api/v2/vbot',
        token: of.owner.token,
        body: vbots({ bezeichnung: 'Target bot', category_terms: ['Sales'] }),
      });
      return created.json.meta.license_Key as string;
    }
    case 'phonebotVersion':
      // The first version of a fresh phonebot: `<license key>/versions/1`.
      return `${await freshTarget('phonebot', of, caller)}/versions/1`;
    case 'apiKey':
      return (await createKey(of, ['calls:read'])).id;
    case 'webhook':
      return (await createWebhook(of)).id;
    case 'delivery': {
      // The path of a delivery of a fresh endpoint: `<webhook id>/deliveries/<delivery id>`.
      const hook = await createWebhook(of);
      const test = await app.request({
        method: 'POST',
        url: `/api/v2/webhooks/${hook.id}/test`,
        token: of.owner.token,
      });
      return `${hook.id}/deliveries/${test.json.meta.delivery_id}`;
    }
    case 'caller': {
      const number = `+4915${crypto.randomInt(10_000_000, 99_999_999)}`;
      const sent = await app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: of.phonebot.botToken,
        headers: { 'idempotency-key': random() },
        body: { caller_number: number, response: [] },
      });
      expect(sent.status).toBe(201);
      return encodeURIComponent(number);
    }
    case 'notification': {
      // A notification of the caller (in its own company), or of the other company's owner, about a fresh call.
      const callId = Number(await freshTarget('call', of, caller));
      const userId = of === world.companyA && caller ? caller.userId : of.owner.userId;
      const row = await app.db.db
        .insertInto('notifications')
        .values({
          customer_id: of.customerId,
          user_id: userId,
          kind: 'assigned',
          call_id: callId,
          actor_id: of.owner.userId,
          created_at: new Date().toISOString(),
          read_at: null,
          mailed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    }
    case 'call': {
      const sent = await app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: of.phonebot.botToken,
        headers: { 'idempotency-key': random() },
        body: { caller_number: '+491701234567', response: [] },
      });
      return sent.json.data.id as string;
    }
  }
}

async function caller(kind: Caller, home: Company): Promise<{ token?: string; signed?: SignedIn }> {
  switch (kind) {
    case 'anonymous':
      return {};
    case 'bot':
      return { token: home.phonebot.botToken };
    case 'apikey':
      return { token: (await createKey(home)).token };
    case 'super':
      return { signed: await app.signIn('super') };
    case 'disabled': {
      const signed = await app.signIn('admin', { customerId: home.customerId, status: 'Inactive' });
      return { signed };
    }
    default: {
      const signed = await app.signIn(kind, { customerId: home.customerId });
      return { signed };
    }
  }
}

beforeAll(async () => {
  app = await createTestApp();
  world = { companyA: await makeCompany(), companyB: await makeCompany() };
});
afterAll(async () => {
  await app?.stop();
});

describe('authorization matrix', () => {
  it('lists every route of the API', () => {
    const registered = app.router.contracts.map((r) => `${r.method} ${r.path}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers every route, caller and company as the table says', async () => {
    const mismatches: string[] = [];
    let checks = 0;
    for (const route of app.router.contracts) {
      const key = `${route.method} ${route.path}`;
      const row = MATRIX[key]!;
      for (const kind of CALLERS) {
        for (const other of [false, true]) {
          const { token, signed } = await caller(kind, world.companyA);
          const target = await freshTarget(row.target, other ? world.companyB : world.companyA, signed);
          // A delivery's or a version's target fills both of its path's ids.
          const url = `/api/v2${route.path.replace(/:(\w+)(\/deliveries\/:deliveryId|\/versions\/:n)?/, target || 'x')}`;
          const ctx: Ctx = { target, caller: signed, world, other };
          const res = await app.request({
            method: route.method,
            url,
            token: token ?? signed?.token,
            body: row.body?.(ctx),
            headers: row.headers?.(),
            remoteAddress: row.client?.(),
          });
          // A key acts as its admin, limited to the operations of its scopes; anything else is refused (403). A row
          // names the key where it differs from its admin (sensitive actions: a key never takes one).
          const keyAllowed = row.allow.apikey ?? (apiKeyScopeOf(route) ? (row.allow.admin ?? [403, 403]) : [403, 403]);
          const allowed = kind !== 'apikey' ? row.allow[kind] : route.auth === 'user' ? keyAllowed : undefined;
          const expected =
            row.everyone ??
            (allowed
              ? allowed[other ? 1 : 0]
              : // No valid user token (or a bot token on a user route, or a user token on a bot route): 401.
                kind === 'anonymous' || kind === 'disabled' || kind === 'bot' || route.auth === 'bot'
                ? 401
                : 403);
          checks++;
          if (res.status !== expected)
            mismatches.push(`${key} as ${kind} (${other ? 'other' : 'own'}): ${res.status}, expected ${expected}`);
          if (res.status >= 400 && res.status !== 503) {
            expect(res.json?.errors?.[0]?.status, `${key} as ${kind}`).toBe(String(res.status));
          }
        }
      }
    }
    writeFigures('authz', { routes: app.router.contracts.length, callers: CALLERS.length, checks });
    expect(mismatches).toEqual([]);
  }, 300_000);
});

describe('refusals', () => {
  it('are recorded in the audit log', async () => {
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
