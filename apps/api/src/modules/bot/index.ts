/** The Bot API module's front door: its routes, the bot token's principal, and the ingest (the demo seed, benchmarks). */
export { registerBotRoutes } from './bot.routes';
export { type BotTokenCache, createBotTokenCache } from './bot-token-cache';
export { createIngestQueue, ingestCall, principalFromBotToken } from './bot.service';
export { pruneOldIdempotencyKeys } from './idempotency-keys';
