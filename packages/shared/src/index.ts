export * from './constants';
export * from './messages';
export * from './permissions';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/user';
export * from './schemas/customer';
export * from './schemas/profile';
