// Phonebot versions: every change of a phonebot's configuration kept as a numbered version (the phonebots module
// records them in its changes' transactions), their list, diff and restore (their routes), and the offline alerts
// of runtime phonebots.
export { type ConfigSnapshot, recordVersion } from './record';
export { latestNumber as latestVersionNumber } from './phonebot-versions.store';
