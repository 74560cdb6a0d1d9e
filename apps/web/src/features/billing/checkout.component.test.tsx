import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen } from '../../test/render';
import { CheckoutButton } from './components/checkout-button';

const NOT_SET_UP =
  'Billing is not set up yet: the administrator has to configure Paddle before a phonebot can be paid.';

describe('the card checkout of a phonebot', () => {
  it('explains that billing is not set up instead of failing', async () => {
    await renderScreen(<CheckoutButton licenseKey="PB-unpaid" />);
    await screen.findByText(NOT_SET_UP);
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
  });

  it('offers the checkout once billing is set up', async () => {
    apiStub.on('GET', '/public-config', {
      body: {
        meta: { paddle: { environment: 'sandbox', client_token: 'test_token', price_id: 'pri_1' }, operator: null },
      },
    });
    await renderScreen(<CheckoutButton licenseKey="PB-unpaid" />);
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(screen.queryByText(NOT_SET_UP)).toBeNull();
  });
});
