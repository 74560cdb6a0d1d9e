export * from './constants';
export * from './messages';
export * from './permissions';
export * from './contract';
export * from './jsonapi';
export * from './list-query';
export * from './paged-query';
export * from './fields';
