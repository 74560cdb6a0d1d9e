import { Suspense, type ComponentType } from 'react';
import { lazyNamed } from '../lazy-named';

const PhonebotsPage = lazyNamed(() => import('../../features/phonebots/components/phonebots-page'), 'PhonebotsPage');
const AddPhonebotPage = lazyNamed(
  () => import('../../features/phonebots/components/add-phonebot-page'),
  'AddPhonebotPage',
);
const UpdatePhonebotPage = lazyNamed(
  () => import('../../features/phonebots/components/update-phonebot-page'),
  'UpdatePhonebotPage',
);
const AllPhonebotsPage = lazyNamed(
  () => import('../../features/phonebots/components/all-phonebots-page'),
  'AllPhonebotsPage',
);
const GuestPhonebotsPage = lazyNamed(
  () => import('../../features/phonebots/components/guest-phonebots-page'),
  'GuestPhonebotsPage',
);
const GuestPhonebotPage = lazyNamed(
  () => import('../../features/phonebots/components/guest-phonebot-page'),
  'GuestPhonebotPage',
);

const CheckoutButton = lazyNamed(() => import('../../features/billing/components/checkout-button'), 'CheckoutButton');

/** Update Phonebot, composed with the billing feature's checkout button (offered at payment_status 0). */
function UpdatePhonebotScreen() {
  return (
    <UpdatePhonebotPage
      checkout={(phonebot) => (
        <Suspense fallback={null}>
          <CheckoutButton licenseKey={phonebot.license_Key} />
        </Suspense>
      )}
    />
  );
}

/** Phonebot lists and forms, guest editing: route path -> screen, each loaded lazily. */
export const phonebotScreens: Record<string, ComponentType> = {
  '/vbots': PhonebotsPage,
  '/addvbot': AddPhonebotPage,
  '/editvbot/:license_Key': UpdatePhonebotScreen,
  // The older edit route of docs/product.md §4 shows the same form (docs/product.md §10.4).
  '/editphonebot/:license_Key': UpdatePhonebotScreen,
  '/phonebots': AllPhonebotsPage,
  '/vbotsforGuest': GuestPhonebotsPage,
  '/vbotbyguest/:license_Key': GuestPhonebotPage,
};
