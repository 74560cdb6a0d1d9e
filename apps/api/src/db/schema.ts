import type { Generated, Selectable, Updateable } from 'kysely';
import type { Language, Role, UserStatus } from '@phonebot/shared';
import type { SmsErrorReason, SmsState } from '@phonebot/shared/calls';

/**
 * The database as the application sees it on both engines: timestamps are ISO-8601 UTC strings, counts are
 * numbers and flags are 0/1 integers. client.ts makes PostgreSQL answer in those shapes.
 */
export type Database = {
  customers: CustomersTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  user_tokens: UserTokensTable;
  phonebots: PhonebotsTable;
  audit_log: AuditLogTable;
  calls: CallsTable;
  idempotency_keys: IdempotencyKeysTable;
  monthly_call_counts: MonthlyCallCountsTable;
  calls_version: CallsVersionTable;
  call_notes: CallNotesTable;
  sms_messages: SmsMessagesTable;
  job_runs: JobRunsTable;
  billing_events: BillingEventsTable;
  settings: SettingsTable;
  mail_outbox: MailOutboxTable;
  sms_counters: SmsCountersTable;
  call_event_heads: CallEventHeadsTable;
  call_events: CallEventsTable;
  event_tickets: EventTicketsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  call_rollups: CallRollupsTable;
  call_caller_hours: CallCallerHoursTable;
  call_callers: CallCallersTable;
  call_completions: CallCompletionsTable;
  call_completion_rollups: CallCompletionRollupsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_completed_calls: { call_id: number };
  rate_limits: RateLimitsTable;
  call_attempts: CallAttemptsTable;
  sms_opt_outs: SmsOptOutsTable;
  connector_calls: ConnectorCallsTable;
  notifications: NotificationsTable;
  call_recordings: CallRecordingsTable;
  recording_deletions: RecordingDeletionsTable;
  recording_fetches: RecordingFetchesTable;
  recording_tickets: RecordingTicketsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_vapid_keys: PushVapidKeysTable;
  phonebot_versions: PhonebotVersionsTable;
};

export type CustomersTable = {
  id: Generated<number>;
  company_name: string | null;
  address: string | null;
  pin: string | null;
  city: string | null;
  phone: string | null;
  company_email: string | null;
  bank: string | null;
  iban: string | null;
  bic: string | null;
  status: UserStatus;
  /** JSON list of numbers and prefixes (E.164 form) an SMS may go to besides a call's caller. */
  sms_allowed_numbers: Generated<string>;
  /** JSON {priority: minutes}: how long after arrival a callback of each priority is due. */
  callback_sla_minutes: Generated<string>;
  /** JSON list of the priorities whose calls, untaken after `urgent_mail_minutes`, are mailed to the operators. */
  urgent_mail_priorities: Generated<string>;
  urgent_mail_minutes: Generated<number>;
  /** 1 when every user of the company must sign in with a second factor. */
  require_mfa: Generated<number>;
  /** Calls older than this many days are deleted daily; null: as long as the deployment keeps them. */
  retention_days: Generated<number | null>;
  /** The country (ISO 3166 alpha-2) the company's phone numbers are written in: the call search reads them so. */
  default_country: Generated<string>;
  /** Minutes a runtime phonebot may be silent (within business hours when set) before the admins are told. */
  offline_alert_minutes: Generated<number>;
  /** JSON [{name, text}]: the company's SMS templates (an empty list offers the default text). */
  sms_templates: Generated<string>;
  /** JSON {time_zone, week, holidays}: callback deadlines count only these hours; null: around the clock. */
  business_hours: Generated<string | null>;
  created_at: string;
  updated_at: string;
};

export type UsersTable = {
  id: Generated<number>;
  customer_id: number | null;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  email_verified_at: string | null;
  password_hash: string | null;
  avatar_path: string | null;
  /** The language of the user's screens and mails. */
  language: Generated<Language>;
  /** The user's own phone (E.164), which click-to-call rings first; null when not given. */
  phone: Generated<string | null>;
  created_at: string;
  updated_at: string;
};

/** A user's second factor (modules/two-factor): a row once they began setting one up. */
export type TwoFactorTable = {
  user_id: number;
  /** The secret of the authenticator app (encrypted), set once a first code confirmed it. */
  secret_enc: string | null;
  /** A secret handed out for enrolment and not yet confirmed by a code. */
  pending_enc: string | null;
  enabled_at: string | null;
  /** The time step of the last code accepted: a code of that step or an earlier one is never taken again. */
  last_step: number | null;
};

export type TwoFactorRecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
};

/**
 * A sign-in that passed the password and waits for its second step: `code` for a code of the app (or a recovery
 * code), `enrol` for setting a first one up.
 */
export type TwoFactorChallengesTable = {
  id: Generated<number>;
  user_id: number;
  kind: 'code' | 'enrol';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type AccessTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  /** Set when the token was revoked for a reason its holder is told (`disabled`); such a token never works again. */
  revoked_reason: string | null;
  /** The client's address at sign-in, then at its last use; its user agent at sign-in (both shown in My profile). */
  ip: Generated<string | null>;
  user_agent: Generated<string | null>;
  /** When the session last confirmed its user with the password or a code (step-up); never set by signing in. */
  reauth_at: Generated<string | null>;
};

/** What a one-time link mailed to a user is for. */
export type UserTokenKind = 'verify' | 'reset' | 'invite' | 'email-change';

export type UserTokensTable = {
  id: Generated<number>;
  user_id: number;
  kind: UserTokenKind;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  /** The address an 'email-change' token confirms. */
  new_email: string | null;
  created_at: string;
};

export type PhonebotsTable = {
  id: Generated<number>;
  customer_id: number;
  license_key: string;
  bezeichnung: string;
  /** JSON of every non-secret setting (PhonebotFields without the secrets and the name). */
  settings: Generated<string>;
  sip_passwd_enc: string | null;
  e_mail_passwd_enc: string | null;
  nat_password_enc: string | null;
  apen_ai_key_enc: string | null;
  /** The connector's secret of the phonebot's platform (sealed like the other secrets). */
  source_secret_enc: Generated<string | null>;
  payment_status: Generated<number>;
  bot_token_hash: string | null;
  last_heartbeat_at: string | null;
  subscription_id: string | null;
  payment_updated_at: string | null;
  /** When the admins were told of the current outage; null while online or not yet told. */
  offline_alerted_at: Generated<string | null>;
  /** When the admins were told a platform phonebot had no call for its `silence_alert_hours`; null: not, or a call came. */
  silence_alerted_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
};

/** One version of a phonebot's configuration: who changed which fields when, and the configuration after it. */
export type PhonebotVersionsTable = {
  id: Generated<number>;
  phonebot_id: number;
  /** 1, 2, 3, … per phonebot. */
  number: number;
  actor_id: number | null;
  actor_name: string;
  actor_role: string | null;
  /** JSON list of the changed fields' names. */
  fields: string;
  /** JSON {bezeichnung, ...settings} after the change. */
  config: string;
  /** JSON of the sealed secret columns after the change. */
  secrets: string;
  restored_from: number | null;
  created_at: string;
};

export type CallsTable = {
  id: Generated<number>;
  customer_id: number;
  phonebot_id: number;
  caller_number: string;
  /** JSON list of {text, action} turns. */
  response: string;
  /** The caller's first words (at most 200 characters), kept apart so that lists never parse a conversation. */
  preview: string;
  selected_category: string | null;
  priority: string;
  status: string;
  notified: Generated<number>;
  started_at: string | null;
  duration_s: number | null;
  /** When the urgent-call e-mail about this call was queued; null while none was. */
  urgent_mail_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** The user the call is assigned to (same company), or null. */
  assignee_id: number | null;
  /** When the callback is due: arrival plus the company's deadline for the priority, unless set by hand. */
  callback_due_at: string | null;
  /** 1 when callback_due_at was set by hand: a priority change then leaves it alone. */
  callback_due_manual: Generated<number>;
  snoozed_until: string | null;
  completed_at: string | null;
  /** What the call was about, as the phonebot or its platform summed it up. */
  summary: Generated<string | null>;
  caller_name: Generated<string | null>;
  /** JSON object of the fields the phonebot or its platform extracted (names and flat values). */
  extracted: Generated<string | null>;
  /** Where the call's platform keeps its recording (the recordings module fetches it from there). */
  recording_source_url: Generated<string | null>;
  /** How many callback attempts were recorded (kept with the attempts, modules/calls attempts.store.ts). */
  attempt_count: Generated<number>;
  /** 1 while an SMS reply of the caller was not read yet. */
  unread_reply: Generated<number>;
};

/** A platform's call id a phonebot's connector took, with the call it stored (modules/connectors). */
export type ConnectorCallsTable = {
  phonebot_id: number;
  source_call_id: string;
  call_id: number | null;
  created_at: string;
};

export type IdempotencyKeysTable = {
  id: Generated<number>;
  phonebot_id: number;
  idem_key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
};

export type MonthlyCallCountsTable = {
  month: string;
  customer_id: number;
  phonebot_id: number;
  customer_name: string;
  phonebot_name: string;
  count: number;
};

export type CallsVersionTable = {
  customer_id: number;
  version: number;
};

export type AuditLogTable = {
  id: Generated<number>;
  actor_user_id: number | null;
  customer_id: number | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
  created_at: string;
};

export type Customer = Selectable<CustomersTable>;
export type User = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type CallNotesTable = {
  id: Generated<number>;
  call_id: number;
  customer_id: number;
  user_id: number | null;
  text: string;
  created_at: string;
};

export type SmsMessagesTable = {
  id: Generated<number>;
  call_id: number;
  customer_id: number;
  user_id: number | null;
  to_number: string;
  body: string;
  provider: string;
  provider_id: string | null;
  state: SmsState;
  /** The failure as one text; rows written before the fields below existed have only this. */
  error: string | null;
  error_code: number | null;
  error_message: string | null;
  error_more_info: string | null;
  error_reason: SmsErrorReason | null;
  created_at: string;
  /** outbound: sent to the caller; inbound: the caller's reply (from_number is the caller, to_number ours). */
  direction: Generated<'outbound' | 'inbound'>;
  from_number: Generated<string | null>;
};

/** A callback attempt of a call: who tried, when, what came of it, and the Twilio call that dialled it. */
export type CallAttemptsTable = {
  id: Generated<number>;
  call_id: number;
  customer_id: number;
  user_id: number | null;
  /** reached | voicemail | no_answer | busy | wrong_number; null while a dialled attempt waits for it. */
  outcome: string | null;
  note: string | null;
  /** The Twilio call (CallSid) of click-to-call, and the status its signed callbacks reported last. */
  dial_sid: string | null;
  dial_status: string | null;
  dial_duration_s: number | null;
  dial_updated_at: string | null;
  created_at: string;
};

/** A number that answered one of Twilio's opt-out words to a company's SMS: no SMS goes to it until START. */
export type SmsOptOutsTable = {
  customer_id: number;
  number: string;
  created_at: string;
};

export type JobRunsTable = {
  name: string;
  last_run_at: string;
  outcome: string | null;
};

export type BillingEventsTable = {
  id: Generated<number>;
  event_id: string;
  event_type: string;
  occurred_at: string | null;
  received_at: string;
  phonebot_id: number | null;
  outcome: string;
  detail: string | null;
};

export type SettingsTable = {
  name: string;
  value: string;
  updated_at: string;
};

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** JSON list of the mail's links, for the development log of outbox mode. */
  links: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** Set while one process sends the mail; a claim that ran out (its process died) may be taken again. */
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
};

export type SmsCountersTable = {
  customer_id: number;
  bucket: string;
  count: number;
};

/** The last event id each company has used (its events are numbered per company). */
export type CallEventHeadsTable = {
  customer_id: number;
  last_id: number;
};

export type CallEventsTable = {
  customer_id: number;
  id: number;
  /** The call the event is about; for a `notification` event, the notification. */
  call_id: number;
  kind: 'created' | 'updated' | 'deleted' | 'notification';
  /** The one user the event is for (a notification's addressee); null: every stream of the company. */
  user_id: Generated<number | null>;
  created_at: string;
};

/** A user's notification (modules/notifications): a call assigned to them, a note that names them, an SMS reply. */
export type NotificationsTable = {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  kind: 'assigned' | 'mentioned' | 'reply';
  call_id: number;
  actor_id: number | null;
  created_at: string;
  read_at: string | null;
  /** When its mail was queued (claimed by the mail job); null while none went out. */
  mailed_at: string | null;
};

export type EventTicketsTable = {
  ticket_hash: string;
  access_token_id: number;
  expires_at: string;
};

/** Rollup dimensions of calls: the value is the status, the priority or the category ('' for Uncategorized). */
export type RollupDim = 'status' | 'priority' | 'category';

/** Calls per company, UTC hour of arrival (`YYYY-MM-DDTHH`), phonebot and one dimension's value. */
export type CallRollupsTable = {
  customer_id: number;
  dim: RollupDim;
  hour: string;
  phonebot_id: number;
  value: string;
  calls: number;
};

/** Calls per company, UTC hour of arrival, phonebot and caller number. */
export type CallCallerHoursTable = {
  customer_id: number;
  hour: string;
  phonebot_id: number;
  caller_number: string;
  calls: number;
};

/** When a completed call arrived and when it was completed. */
export type CallCompletionsTable = {
  call_id: number;
  customer_id: number;
  phonebot_id: number;
  created_at: string;
  completed_at: string;
};

/** Completions per company, UTC hour of completion, phonebot and rounded time to complete in seconds. */
export type CallCompletionRollupsTable = {
  customer_id: number;
  hour: string;
  phonebot_id: number;
  seconds: number;
  calls: number;
};

/** All calls per company and caller number. */
export type CallCallersTable = {
  customer_id: number;
  caller_number: string;
  calls: number;
};

export type ApiKeysTable = {
  id: Generated<number>;
  customer_id: number;
  created_by: number;
  name: string;
  /** JSON list of scopes. */
  scopes: string;
  token_hash: string;
  token_start: string;
  created_at: string;
  last_used_at: string | null;
};

export type WebhooksTable = {
  id: Generated<number>;
  customer_id: number;
  url: string;
  /** JSON list of event types. */
  events: string;
  description: Generated<string>;
  enabled: Generated<number>;
  /** The signing secret, encrypted with the secrets key. */
  secret: string;
  failing_since: string | null;
  /** Why the server paused the endpoint (`failing`, `gone`); null when a person paused it or it is enabled. */
  paused_reason: 'failing' | 'gone' | null;
  created_at: string;
  updated_at: string;
  /** While a process sends to the endpoint: until when, and which lease (one delivery at a time per endpoint). */
  claimed_until: Generated<string | null>;
  claimed_by: Generated<string | null>;
  /** When a process last took the endpoint; the least recently served endpoint is taken first. */
  served_at: Generated<string | null>;
  /** Failed attempts since the last success; enough of them open the circuit breaker. */
  consecutive_failures: Generated<number>;
  /** Nothing is sent before this: the breaker is open, or the endpoint asked to wait (`Retry-After`). */
  blocked_until: Generated<string | null>;
  /** Deliveries dropped unsent after waiting longer than the maximum age. */
  dropped_deliveries: Generated<number>;
};

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type WebhookDeliveriesTable = {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** The Standard Webhooks message id (`webhook-id`), the same on every attempt and redelivery. */
  message_id: string;
  /** The signed body, exactly as sent. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  /** A short text excerpt of the last answer (no markup, no control characters); null for other content. */
  response_body: string | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  /** The call the delivery is about (call.* and sms.* events): deleting the call deletes its deliveries. */
  call_id: Generated<number | null>;
};

/** A rate limit's current window (lib/rate-limit-stores.ts, databaseStore): hits so far and when it ends (epoch ms). */
export type RateLimitsTable = {
  key: string;
  count: number;
  reset_at: number;
};

/** A call's stored recording (its object key), or why the platform's recording could not be fetched. */
export type CallRecordingsTable = {
  call_id: number;
  customer_id: number;
  storage_key: string | null;
  content_type: string | null;
  size: number | null;
  duration_seconds: number | null;
  error: string | null;
  created_at: string;
};

/** A stored recording whose call went: deleted from the store once the change committed. */
export type RecordingDeletionsTable = {
  id: Generated<number>;
  storage_key: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
};

/** A platform's recording of a call, to fetch in the background. */
export type RecordingFetchesTable = {
  id: Generated<number>;
  call_id: number;
  url: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
};

/** A single-use ticket (`pbr_`), or the playback token (`pbc_`) its use made, for one call's recording and session. */
export type RecordingTicketsTable = {
  ticket_hash: string;
  access_token_id: number;
  call_id: number;
  expires_at: string;
};

/** A browser a user turned Web Push on in (modules/push): its push service's endpoint and its keys. */
export type PushSubscriptionsTable = {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  /** The push service's URL for this browser; one row per endpoint. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which each message is encrypted for. */
  p256dh: string;
  auth: string;
  /** When the push service ends the subscription (the browser's expirationTime); null: not known. */
  expires_at: string | null;
  user_agent: string | null;
  created_at: string;
  updated_at: string;
};

/** A push to one browser, queued by a change and sent after its commit (modules/push/push-sender.ts). */
export type PushDeliveriesTable = {
  id: Generated<number>;
  subscription_id: number;
  call_id: number;
  kind: 'urgent' | 'assigned' | 'mentioned' | 'reply';
  /** Who assigned the call or wrote the note naming its user; null for the other kinds and when that user is gone. */
  actor_id: number | null;
  urgency: 'normal' | 'high';
  /** How many calls it is about: an assignment of several calls is one push about the first, counting them all. */
  call_count: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
};

/** The deployment's generated VAPID key pair (one row): the private key sealed with SECRETS_KEY. */
export type PushVapidKeysTable = {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
};
