export type { CustomerUser, CustomerUserAttributes } from './contract';
export { customerUserAttributesSchema, customerUserResourceSchema, customerUsersContracts } from './contract';
export { customerUsersRoutes } from './routes';
