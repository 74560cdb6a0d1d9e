import { queryOptions } from '@tanstack/react-query';
import type { Checkout } from '@phonebot/shared/billing';
import { billingRoutes } from '@phonebot/shared/billing';
import type { PublicConfig } from '@phonebot/shared/settings';
import { settingsRoutes } from '@phonebot/shared/settings';
import { callApi } from '../../lib/api-client';

export type { PublicConfig };
export type CheckoutStart = Checkout;

export const billingKeys = {
  publicConfig: ['billing', 'public-config'] as const,
};

export const publicConfigQuery = queryOptions({
  queryKey: billingKeys.publicConfig,
  queryFn: async ({ signal }) => (await callApi(settingsRoutes.publicConfig, {}, { signal })).meta,
  staleTime: Infinity,
});

/** Asks the server for the price and the signed customData of a phonebot's checkout. */
export async function startCheckout(licenseKey: string): Promise<CheckoutStart> {
  return (await callApi(billingRoutes.startCheckout, { params: { id: licenseKey } })).meta;
}
