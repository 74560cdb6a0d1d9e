export type { PublicConfig } from './contract';
export { publicConfigSchema, settingsContracts } from './contract';
export { settingsRoutes } from './routes';
export type { Operator, OperatorField, OperatorInput } from './schema';
export { NO_OPERATOR, OPERATOR_FIELDS, operatorAttributesSchema, operatorSchema } from './schema';
