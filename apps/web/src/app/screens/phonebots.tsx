import { Suspense, type ComponentType } from 'react';
import { loadCheckoutButton } from '../../features/billing';
import {
  loadAddPhonebotPage,
  loadAllPhonebotsPage,
  loadGuestPhonebotPage,
  loadGuestPhonebotsPage,
  loadPhonebotsPage,
  loadUpdatePhonebotPage,
} from '../../features/phonebots/screens';
import { lazyNamed } from '../lazy-named';

const PhonebotsPage = lazyNamed(loadPhonebotsPage, 'PhonebotsPage');
const AddPhonebotPage = lazyNamed(loadAddPhonebotPage, 'AddPhonebotPage');
const UpdatePhonebotPage = lazyNamed(loadUpdatePhonebotPage, 'UpdatePhonebotPage');
const AllPhonebotsPage = lazyNamed(loadAllPhonebotsPage, 'AllPhonebotsPage');
const GuestPhonebotsPage = lazyNamed(loadGuestPhonebotsPage, 'GuestPhonebotsPage');
const GuestPhonebotPage = lazyNamed(loadGuestPhonebotPage, 'GuestPhonebotPage');

const CheckoutButton = lazyNamed(loadCheckoutButton, 'CheckoutButton');

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
