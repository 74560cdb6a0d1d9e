import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type PublicConfig = {
  paddle: { environment: 'sandbox' | 'production'; client_token: string; price_id: string } | null;
};
export type CheckoutStart = {
  environment: 'sandbox' | 'production';
  client_token: string;
  price_id: string;
  quantity: 1;
  custom_data: { license_key: string; expires: number; signature: string };
};

export const billingKeys = {
  publicConfig: ['billing', 'public-config'] as const,
};

export const publicConfigQuery = queryOptions({
  queryKey: billingKeys.publicConfig,
  queryFn: async ({ signal }) => (await api.get('/public-config', { signal })) as PublicConfig,
  staleTime: Infinity,
});

/** Asks the server for the price and the signed customData of a phonebot's checkout. */
export async function startCheckout(licenseKey: string): Promise<CheckoutStart> {
  return (await api.post(`/vbot/${encodeURIComponent(licenseKey)}/checkout`)) as CheckoutStart;
}
