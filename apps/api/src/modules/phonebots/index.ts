// Phonebots: a company's AI phone agents (the phonebots table) with their settings, secrets, bot token and payment
// state, and their screens. Other modules read and change a phonebot only through these functions.
export { decryptSecret, pstatusOf, settingsOf } from './phonebot-row';
export { phonebotResource } from './phonebot-resource';
export { ALL_PHONEBOTS, type PhonebotsDeps, createPhonebot, getPhonebot, listPhonebots } from './phonebots.service';
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
export { restorePhonebotConfig } from './phonebot-versioning';
export {
  alertedPhonebots,
  claimOfflineAlert,
  clearOfflineAlert,
  phonebotsBackOnline,
  silentPhonebots,
} from './offline-alerts.store';
export {
  claimSilenceAlert,
  clearSilenceAlert,
  quietCandidates,
  silenceAlertHoursOf,
  silenceAlerted,
} from './silence-alerts.store';
