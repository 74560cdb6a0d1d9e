// Urgent mail: a company's mail about urgent calls nobody took (its settings, the periodic job, and its part in the
// path of a change).
export { mailUntakenUrgentCalls } from './urgent-mail.service';
export { urgentMailSubscriber } from './urgent-mail.subscriber';
