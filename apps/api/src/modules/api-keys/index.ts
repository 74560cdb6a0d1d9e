// API keys: a company admin's keys for scripts, with their scopes; a request signed in with one acts as the admin
// who created it, within the key's scopes.
export { principalFromApiKey } from './api-keys.service';
