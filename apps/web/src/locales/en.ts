import { messages, type MessageKey } from '@phonebot/shared/messages';

/** Labels of the web app; the shared messages sit beside them at the top level. */
const ui = {
  common: {
    showHideCharacters: 'Show or hide the characters',
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    back: 'Back',
    edit: 'Edit',
    delete: 'Delete',
    actions: 'Actions',
    search: 'Search',
    previous: 'Previous',
    next: 'Next',
    all: 'All',
  },
  app: {
    name: 'Phonebot Portal',
    loading: 'Loading…',
  },
  menu: {
    callsDashboard: 'Calls Dashboard',
    companyProfile: 'Company Profile',
    users: 'Users',
    phonebots: 'Phonebots',
    myProfile: 'My profile',
    customers: 'Customers',
    guestAdministration: 'Guest Administration',
    callsHistory: 'Calls History',
    settings: 'Settings',
    logout: 'Logout',
  },
  nav: {
    mainNavigation: 'Main navigation',
    toggleNavigation: 'Toggle navigation',
    account: 'Account',
    myProfile: 'My Profile',
    logout: 'Logout',
    home: 'Phonebot Portal home',
    hideNavigation: 'Hide navigation',
    showNavigation: 'Show navigation',
    colorScheme: 'Colour scheme',
    scheme: {
      light: 'Light',
      dark: 'Dark',
      auto: 'Like the system',
    },
  },
  language: {
    label: 'Language',
    en: 'English',
    de: 'Deutsch',
  },
  auth: {
    email: 'Email',
    password: 'Password',
    name: 'Name',
    confirmPassword: 'Confirm password',
    newPassword: 'New password',
    loginTitle: 'Sign in',
    loginSubtitle: 'Enter your email and password to sign in',
    login: 'Login',
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
    forgotPassword: 'Forgot your password?',
    recoverPassword: 'Recover Password',
    registerTitle: 'Join us today',
    registerSubtitle: 'Enter your company, your name, email and password to register',
    companyName: 'Company name',
    contactPerson: 'Contact person (your name)',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    forgotTitle: 'Reset Password',
    forgotNote: 'You will receive an e-mail in maximum 60 seconds',
    send: 'Send',
    backToLogin: 'Back to login',
    resetTitle: 'Reset Password',
    resetSubtitle: 'Choose a new password for {{email}}',
    changePassword: 'Change Password',
    setPasswordTitle: 'Set your password',
    setPasswordSubtitle: 'Choose the password for {{email}}',
    setPassword: 'Set password',
    passwordSet: 'Your password is set. You can log in now.',
    requestNewLink: 'Request a new link',
    sessionExpired: 'Your session has expired. Please sign in again.',
  },
  pages: {
    dashboard: 'Dashboard',
    viewCallLogs: 'Calls Dashboard',
    calls: 'Calls',
    newCalls: 'New calls',
    completedCalls: 'Completed calls',
    companyProfile: 'Company Profile',
    changePassword: 'Change Password',
    integrations: 'Integrations',
    myProfile: 'UPDATE My PROFILE',
    users: 'Users',
    addUser: 'Add User',
    updateUser: 'Update User',
    phonebots: 'Phonebots',
    addPhonebot: 'Add Phonebot',
    updatePhonebot: 'Update Phonebot',
    guestPhonebots: 'Phonebots',
    updateGuestPhonebot: 'Update Phonebot',
    allPhonebots: 'Phonebots',
    customers: 'Customers',
    updateCustomer: 'Update Customer',
    guestAdministration: 'Guest Administration',
    updateGuest: 'Update Passwort für GuestUser',
    callsHistory: 'Calls History',
    settings: 'Settings',
  },
  unsaved: {
    badge: 'Unsaved changes',
    title: 'Leave without saving?',
    text: 'Your changes are not saved yet. They are lost if you leave this page now.',
    leave: 'Leave without saving',
  },
  comingSoon: {
    text: 'This screen is coming soon. It is not part of this version of the portal yet.',
    back: 'Back to the dashboard',
  },
  notFoundPage: {
    title: 'Page not found',
    text: 'The page you asked for does not exist or has moved.',
    home: 'Go to the home page',
  },
  fetchError: {
    title: 'Could not load the data',
    retry: 'Retry',
  },
  dashboard: {
    title: 'Dashboard',
    totalUsers: 'Total Users',
    totalPhonebots: 'Total Phonebots',
  },
  footer: {
    imprint: 'Imprint',
    privacy: 'Privacy',
    terms: 'Terms',
  },
};

// A label group named like a shared message would silently replace that message in the merge below.
const noClashWithMessages: [keyof typeof ui & MessageKey] extends [never] ? true : never = true;
void noClashWithMessages;

/** English texts: the shared messages of docs/product.md §7 and §10 verbatim, plus the labels of the web app. */
export const en = { ...messages, ...ui };

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The shape every locale must fill: the same keys as English, any text. */
export type Translation = Strings<typeof en>;
