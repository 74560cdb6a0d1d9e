// The feature's screens for the route table (docs/architecture.md, "Web app"): each loads on its own, when its
// route is opened, so this door pulls nothing into the app's first load.

export const loadUsersPage = () => import('./components/users-page');
export const loadAddUserPage = () => import('./components/add-user-page');
export const loadEditUserPage = () => import('./components/edit-user-page');
