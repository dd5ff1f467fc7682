export * from './constants';
export * from './envelope';
export * from './auth';
export * from './reserved';
export * from './applications';
export * from './users';
export * from './messages';
