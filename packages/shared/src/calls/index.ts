export * from './contract';
export * from './routes';
export * from './schema';
export * from './sms';
export * from './values';
