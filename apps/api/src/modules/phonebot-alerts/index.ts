// Phonebot alerts: the periodic job that tells a company's admins when a runtime phonebot goes offline (and its
// integrators when it goes offline and comes back), and the Calls Dashboard's banner of the phonebots still offline.
export { alertOfflinePhonebots } from './offline-alerts';
