// Connectors: calls that voice-agent platforms (Vapi, Retell, ElevenLabs) post to a phonebot's connector address,
// checked with the platform's signature and stored once per platform call id. Nothing else uses this module.
export { CONNECTOR_BODY_LIMIT, registerConnectorRoutes } from './connectors.routes';
export { pruneGoneClaims } from './connectors.store';
