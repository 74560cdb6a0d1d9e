export type { Checkout } from './contract';
export { billingContracts, botConfigResourceSchema, botContracts, checkoutSchema } from './contract';
export { billingRoutes, botRoutes } from './routes';
