// The door of the sign-in page (docs/architecture.md, "Web app"): the app's first load, so nothing here pulls in
// the app's code.
export { LoginPage } from './components/login-page';
