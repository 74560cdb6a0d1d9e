// The feature's screens for the route table (docs/architecture.md, "Web app"): each loads on its own, when its
// route is opened, so this door pulls nothing into the app's first load.

export const loadCompanyProfilePage = () => import('./components/company-profile-page');
