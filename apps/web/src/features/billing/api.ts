import { queryOptions } from '@tanstack/react-query';
import { type Checkout, type PublicConfig, billingContracts } from '@phonebot/shared/contracts/billing';
import { callApi } from '../../lib/api-client';

export type { PublicConfig };
export type CheckoutStart = Checkout;

export const billingKeys = {
  publicConfig: ['billing', 'public-config'] as const,
};

export const publicConfigQuery = queryOptions({
  queryKey: billingKeys.publicConfig,
  queryFn: async ({ signal }) => (await callApi(billingContracts.publicConfig, {}, { signal })).meta,
  staleTime: Infinity,
});

/** Asks the server for the price and the signed customData of a phonebot's checkout. */
export async function startCheckout(licenseKey: string): Promise<CheckoutStart> {
  return (await callApi(billingContracts.startCheckout, { params: { id: licenseKey } })).meta;
}
