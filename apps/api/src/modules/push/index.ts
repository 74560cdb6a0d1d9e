// Web Push: the browsers a user turned push on in, the deployment's VAPID keys, the queue of pushes that changes
// fill (urgent calls through its subscriber; a call assigned, an SMS reply where their notifications are made) and
// the sender that encrypts, signs and posts them.
export { loadVapid } from './vapid';
export { pushSubscriber, queueUserPush } from './push-queue';
export { type PushSender, createPushSender } from './push-sender';
export { registerPushRoutes } from './push.routes';
export type { EndpointRules } from './push.service';
