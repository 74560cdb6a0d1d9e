// The feature's screens for the route table (docs/architecture.md, "Web app"): each loads on its own, when its
// route is opened, so this door pulls nothing into the app's first load.

export const loadPhonebotsPage = () => import('./components/phonebots-page');
export const loadAddPhonebotPage = () => import('./components/add-phonebot-page');
export const loadUpdatePhonebotPage = () => import('./components/update-phonebot-page');
export const loadAllPhonebotsPage = () => import('./components/all-phonebots-page');
export const loadGuestPhonebotsPage = () => import('./components/guest-phonebots-page');
export const loadGuestPhonebotPage = () => import('./components/guest-phonebot-page');
