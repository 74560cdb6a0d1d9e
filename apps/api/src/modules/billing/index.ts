// Billing: a phonebot's subscription through Paddle (checkout, the signed webhook that sets its payment state) and
// what the web app and the security headers need to know of it.
export { type PaddleConfig, billingConfigured, paddleCspHosts, publicPaddleConfig } from './billing.service';
export { signPaddleBody } from './paddle-signature';
