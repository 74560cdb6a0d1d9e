// Phonebots: a company's AI phone agents (the phonebots table) with their settings, secrets, bot token and payment
// state, and their screens. Other modules read and change a phonebot only through these functions.
export {
  ALL_PHONEBOTS,
  type PhonebotsDeps,
  createPhonebot,
  decryptSecret,
  getPhonebot,
  listPhonebots,
  phonebotResource,
  pstatusOf,
  settingsOf,
} from './phonebots.service';
export {
  categoryTermsOf,
  phonebotByBotToken,
  phonebotCount,
  phonebotIdByLicenseKeyQuery,
  phonebotIdsNamedQuery,
  phonebotIdsQuery,
  phonebotNames,
  phonebotPayment,
  phonebotsWithPayment,
  setHeartbeat,
  setPaymentStateIfNewer,
} from './phonebots.store';
