// Connectors: calls a voice-agent platform (Vapi, Retell, ElevenLabs) posts to a phonebot's connector address.
export { CONNECT_OUTCOMES, type ConnectOutcome, connectParamsSchema, connectorContracts } from './contract';
export { connectorRoutes } from './routes';
/** The connector address of a phonebot for its platform, below the API's base URL. */
export const connectorPath = (source: string, licenseKey: string) => `/connect/${source}/${licenseKey}`;
