export type { GuestPhonebotAttributes, PhonebotAttributes, PhonebotType } from './contract';
export {
  botTokenSchema,
  guestPhonebotAttributesSchema,
  guestPhonebotResourceSchema,
  phonebotAttributesSchema,
  phonebotContracts,
  PHONEBOT_SORTS,
  phonebotListQuerySchema,
  phonebotResourceSchema,
} from './contract';
export { phonebotRoutes } from './routes';
export type {
  PhonebotFields,
  PhonebotFieldsInput,
  PhonebotSecret,
  PhonebotServiceStatus,
  PhonebotStatus,
} from './schema';
export {
  CHAT_MODELS,
  PAYMENT_STATUS,
  PHONEBOT_DEFAULTS,
  PHONEBOT_LIMITS,
  PHONEBOT_SECRETS,
  PRODUCT_NAMES,
  SDKS,
  STT_MODELS,
  TRANSCRIPTION_LANGUAGES,
  TRANSMIT_TYPES,
  TTS_MODELS,
  VOICES,
  categoryTermsSchema,
  cleanCategoryTerm,
  createPhonebotSchema,
  flagSchema,
  guestPhonebotSchema,
  maskProviderKey,
  mcpServersSchema,
  phonebotFieldsSchema,
  superUpdatePhonebotSchema,
  updatePhonebotSchema,
} from './schema';
