import { z } from 'zod';
import type { MessageKey } from '../core/messages';
import { CALL_PRIORITIES } from '../calls/values';

/** Option lists of docs/product.md §5. */
export const CHAT_MODELS = [
  'gpt-4o',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
  'o1',
  'o1-mini',
  'o3',
  'o3-mini',
  'o4-mini',
  'gpt-realtime',
  'gpt-4o-realtime-preview',
  'gpt-4o-mini-realtime-preview',
  'gpt-realtime-mini',
] as const;
export const STT_MODELS = ['OpenAI', 'Microsoft', 'Voxtral'] as const;
export const TTS_MODELS = ['OpenAI', 'Microsoft'] as const;
export const TRANSMIT_TYPES = ['tcp', 'udp', 'tls', 'stcp'] as const;
export const SDKS = ['PortSIP', 'Ozeki'] as const;
export const VOICES = ['Shimmer'] as const;
export const TRANSCRIPTION_LANGUAGES = ['de', 'en', 'fr', 'it', 'all'] as const;
export const PRODUCT_NAMES = ['KI-Phone-Basic', 'KI-Phone-Advanced'] as const;

/** The third-party secrets of a phonebot: encrypted at rest, never in a list, kept when saved empty. */
export const PHONEBOT_SECRETS = [
  'sip_passwd',
  'e_mail_passwd',
  'nat_password',
  'apen_ai_key',
  'source_secret',
] as const;
export type PhonebotSecret = (typeof PHONEBOT_SECRETS)[number];

export const PAYMENT_STATUS = { inactive: 0, active: 1, paused: 2, past_due: 3, canceled: 4 } as const;

/** Bounds of the numeric fields (docs/decisions.md). */
export const PHONEBOT_LIMITS = {
  port: { min: 1, max: 65535 },
  abortTime: { min: 5, max: 3600 },
  temperature: { min: 0, max: 2 },
  speed: { min: 0.25, max: 1.5 },
  categoryTerms: 5,
  categoryTermLength: 60,
  mcpServers: 10,
  prompt: 20000,
  ansagetext: 2000,
  text: 255,
  silenceAlertHours: { min: 1, max: 168 },
} as const;

const invalid = 'invalidInput' satisfies MessageKey;

/**
 * Where a phonebot's calls come from: its own runtime through the Bot API, or a voice-agent platform that posts
 * them to the phonebot's connector address (docs/integrations.md).
 */
export const CALL_SOURCES = ['runtime', 'vapi', 'retell', 'elevenlabs'] as const;
export type CallSource = (typeof CALL_SOURCES)[number];
/** The platforms among the sources. */
export const PLATFORM_SOURCES = ['vapi', 'retell', 'elevenlabs'] as const satisfies readonly CallSource[];
export type PlatformSource = (typeof PLATFORM_SOURCES)[number];

/** A flag as older clients and servers send it: true/false, 1/0 or '1'/'0'. */
export const flagSchema = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === '' ? false : v),
  z.boolean({ error: () => 'invalidType' satisfies MessageKey }),
);

const text = (max: number = PHONEBOT_LIMITS.text) =>
  z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .trim()
    .max(max, 'valueTooLong' satisfies MessageKey);

const urlText = () =>
  text(2000).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
    message: 'urlInvalid' satisfies MessageKey,
  });

/** Numbers may arrive as strings from older clients; an empty value is null, allowed only where `nullable`. */
const number = (min: number, max: number, integer: boolean, nullable = false) => {
  const base = (
    integer
      ? z.number({ error: () => 'numberRequired' satisfies MessageKey }).int('numberWhole' satisfies MessageKey)
      : z.number({ error: () => 'numberRequired' satisfies MessageKey })
  )
    .min(min, 'outOfRange' satisfies MessageKey)
    .max(max, 'outOfRange' satisfies MessageKey);
  return z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    nullable ? base.nullable() : base,
  );
};

/** Hours without a call before a platform phonebot is alerted about (1..168), or null: off. */
const silenceAlertHoursSchema = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: () => 'silenceAlertHoursRange' satisfies MessageKey })
    .int('silenceAlertHoursRange' satisfies MessageKey)
    .min(PHONEBOT_LIMITS.silenceAlertHours.min, 'silenceAlertHoursRange' satisfies MessageKey)
    .max(PHONEBOT_LIMITS.silenceAlertHours.max, 'silenceAlertHoursRange' satisfies MessageKey)
    .nullable(),
);

/** A category term: quotes around it are stripped, as the add form does on input. */
export function cleanCategoryTerm(term: string): string {
  return term
    .trim()
    .replace(/^"+|"+$/g, '')
    .trim();
}

export const categoryTermsSchema = z
  .array(text(PHONEBOT_LIMITS.categoryTermLength), { error: () => 'invalidType' satisfies MessageKey })
  .transform((terms) => [...new Set(terms.map(cleanCategoryTerm).filter((t) => t !== ''))])
  .refine((terms) => terms.length <= PHONEBOT_LIMITS.categoryTerms, 'categoryTermsMax' satisfies MessageKey);

export const mcpServersSchema = z
  .array(z.object({ url: urlText() }), { error: () => 'invalidType' satisfies MessageKey })
  .max(PHONEBOT_LIMITS.mcpServers, 'tooManyMcpServers' satisfies MessageKey)
  .transform((servers) => servers.filter((s) => s.url !== ''));

/** The name of a field the platform extracted; empty: none. */
const extractedFieldName = () =>
  z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .trim()
    .max(100, 'valueTooLong' satisfies MessageKey);

/**
 * Which of the platform's extracted fields fill a call's category, priority and caller name (empty: none); the
 * priority's values are translated through `priority_values` (a value not listed leaves the priority to be derived).
 */
export const sourceMappingSchema = z.object(
  {
    selected_category: extractedFieldName(),
    priority: extractedFieldName(),
    priority_values: z
      .array(
        z.object({
          value: text(200),
          priority: z.enum(CALL_PRIORITIES, { error: () => invalid }),
        }),
        { error: () => 'invalidType' satisfies MessageKey },
      )
      .max(20, 'valueTooLong' satisfies MessageKey)
      .transform((pairs) => pairs.filter((pair) => pair.value !== '')),
    caller_name: extractedFieldName(),
  },
  { error: () => 'invalidType' satisfies MessageKey },
);
export type SourceMapping = z.infer<typeof sourceMappingSchema>;
export const DEFAULT_SOURCE_MAPPING: SourceMapping = {
  selected_category: '',
  priority: '',
  priority_values: [],
  caller_name: '',
};

/**
 * Every configurable field of a phonebot (docs/product.md §5). Secrets are plain strings here: on save an empty or missing
 * secret keeps the stored one.
 */
export const phonebotFieldsSchema = z.object({
  bezeichnung: z
    .string({ error: () => 'phonebotNameRequired' satisfies MessageKey })
    .trim()
    .min(1, 'phonebotNameRequired' satisfies MessageKey)
    .max(PHONEBOT_LIMITS.text, 'valueTooLong' satisfies MessageKey),
  product_name: z.enum(PRODUCT_NAMES, { error: () => invalid }),
  sip_benutzername: text(),
  sip_passwd: text(),
  sip_registername: text(),
  sip_phonenumber: text(40),
  sip_server: text(),
  sip_port: number(PHONEBOT_LIMITS.port.min, PHONEBOT_LIMITS.port.max, true, true),
  e_mail_server: text(),
  e_mail_user: text(),
  e_mail_passwd: text(),
  e_mail_server_port: number(PHONEBOT_LIMITS.port.min, PHONEBOT_LIMITS.port.max, true, true),
  e_mail_server_from: text(),
  ansagetext: text(PHONEBOT_LIMITS.ansagetext),
  prompt: text(PHONEBOT_LIMITS.prompt),
  chatmodel: z.enum(CHAT_MODELS, { error: () => invalid }),
  sttmodel: z.enum(STT_MODELS, { error: () => invalid }),
  ttsmodel: z.enum(TTS_MODELS, { error: () => invalid }),
  prompturl: urlText(),
  transmit_type: z.enum(TRANSMIT_TYPES, { error: () => invalid }),
  stun_server: text(),
  attendedTransfer: flagSchema,
  mail_certifikate_validation: flagSchema,
  useSRTP: flagSchema,
  apen_ai_key: text(500),
  OutboundProxy: text(),
  outbound_list_url: urlText(),
  category_terms: categoryTermsSchema,
  flowiseurl: urlText(),
  n8n_url: urlText(),
  turnserver: text(),
  nat_username: text(),
  nat_password: text(),
  sdk: z.enum(SDKS, { error: () => invalid }),
  web_log_enabled: flagSchema,
  abort_time: number(PHONEBOT_LIMITS.abortTime.min, PHONEBOT_LIMITS.abortTime.max, true),
  voice: z.enum(VOICES, { error: () => invalid }),
  forwarding_through_openai_tool: flagSchema,
  websearch_openai: flagSchema,
  mcp_servers: mcpServersSchema,
  realtime_api: flagSchema,
  temperature: number(PHONEBOT_LIMITS.temperature.min, PHONEBOT_LIMITS.temperature.max, false),
  speed_of_speech: number(PHONEBOT_LIMITS.speed.min, PHONEBOT_LIMITS.speed.max, false),
  transcription_language: z.enum(TRANSCRIPTION_LANGUAGES, { error: () => invalid }),
  source: z.enum(CALL_SOURCES, { error: () => invalid }),
  /** The platform's signing secret or API key (Retell), as the platform names it; write-only. */
  source_secret: text(500),
  /** Only this agent's calls are taken (the platform's assistant or agent id); empty: every agent's. */
  source_agent_id: text(200),
  source_mapping: sourceMappingSchema,
  /**
   * A platform phonebot with no call for this many hours (within the company's business hours, when it has them)
   * is alerted like an offline runtime; null: off.
   */
  silence_alert_hours: silenceAlertHoursSchema,
});
/** The defaults of a new phonebot (docs/product.md §9). */
export const PHONEBOT_DEFAULTS = {
  bezeichnung: '',
  product_name: 'KI-Phone-Basic',
  sip_benutzername: '',
  sip_passwd: '',
  sip_registername: '',
  sip_phonenumber: '',
  sip_server: '',
  sip_port: null,
  e_mail_server: '',
  e_mail_user: '',
  e_mail_passwd: '',
  e_mail_server_port: null,
  e_mail_server_from: '',
  ansagetext: '',
  prompt: '',
  chatmodel: 'gpt-4o',
  sttmodel: 'OpenAI',
  ttsmodel: 'OpenAI',
  prompturl: '',
  transmit_type: 'udp',
  stun_server: '',
  attendedTransfer: false,
  mail_certifikate_validation: false,
  useSRTP: false,
  apen_ai_key: '',
  OutboundProxy: '',
  outbound_list_url: '',
  category_terms: [],
  flowiseurl: '',
  n8n_url: '',
  turnserver: '',
  nat_username: '',
  nat_password: '',
  sdk: 'PortSIP',
  web_log_enabled: true,
  abort_time: 30,
  voice: 'Shimmer',
  forwarding_through_openai_tool: false,
  websearch_openai: false,
  mcp_servers: [],
  realtime_api: false,
  temperature: 0.8,
  speed_of_speech: 1,
  transcription_language: 'de',
  source: 'runtime',
  source_secret: '',
  source_agent_id: '',
  source_mapping: DEFAULT_SOURCE_MAPPING,
  silence_alert_hours: null,
} as const satisfies Record<string, unknown>;

export type PhonebotFields = z.infer<typeof phonebotFieldsSchema>;
export type PhonebotFieldsInput = z.input<typeof phonebotFieldsSchema>;

/** The update form sends `attendedtransfer`, the add form `attendedTransfer`: both are accepted. */
function acceptBothSpellings(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'attendedtransfer' in value) {
    const { attendedtransfer, ...rest } = value as Record<string, unknown>;
    return 'attendedTransfer' in rest ? rest : { ...rest, attendedTransfer: attendedtransfer };
  }
  return value;
}

/**
 * POST /vbot and /phonebots: the name, and any other field, each left out taking its default (PHONEBOT_DEFAULTS),
 * which is checked like a sent value; the client may also send its role, which is ignored. The defaults are part of
 * the schema, so the API's document marks only the name required and shows each default.
 */
export const createPhonebotSchema = z.preprocess(
  acceptBothSpellings,
  z.object(
    Object.fromEntries(
      Object.entries(phonebotFieldsSchema.shape).map(([name, field]) =>
        name === 'bezeichnung'
          ? [name, field]
          : [name, (field as z.ZodType).prefault(PHONEBOT_DEFAULTS[name as DefaultedField])],
      ),
    ),
    // The same output as phonebotFieldsSchema; only the input may leave fields out.
  ) as unknown as typeof phonebotFieldsSchema,
);
type DefaultedField = Exclude<keyof typeof PHONEBOT_DEFAULTS, 'bezeichnung'>;

/** PATCH /vbot/{license_Key} and /phonebot/{license_Key}: partial, no defaults applied. */
export const updatePhonebotSchema = z.preprocess(acceptBothSpellings, phonebotFieldsSchema.partial());

/** The super may also set payment_status by hand (a customer who pays by invoice). */
export const superUpdatePhonebotSchema = z.preprocess(
  acceptBothSpellings,
  phonebotFieldsSchema.partial().extend({ payment_status: z.number().int().min(0).max(4).optional() }),
);

/** A guest changes only the greeting and the prompt; any other field is refused. */
export const guestPhonebotSchema = z.strictObject(
  {
    ansagetext: text(PHONEBOT_LIMITS.ansagetext).optional(),
    prompt: text(PHONEBOT_LIMITS.prompt).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'guestFieldsOnly' : undefined) },
);

export type PhonebotStatus = 'online' | 'offline';
export type PhonebotServiceStatus = 'active' | 'inactive';

/**
 * Masks the model provider key as '...' and its last 4 characters, enough to tell keys apart and nothing that
 * helps guess one; a key shorter than 12 characters shows only '...'.
 */
export function maskProviderKey(key: string | null | undefined): string {
  if (!key) return '';
  if (key.length < 12) return '...';
  return `...${key.slice(-4)}`;
}
