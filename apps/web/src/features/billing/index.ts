// The billing feature's front door (docs/architecture.md, "Web app"): the checkout offered beside an unpaid phonebot.
/** The checkout button, loaded where an unpaid phonebot is shown. */
export const loadCheckoutButton = () => import('./components/checkout-button');
