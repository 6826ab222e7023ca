export * from './constants';
export * from './errors';
export * from './messageTypes';
export * from './organisations';
export * from './paging';
export * from './permissions';
export * from './roles';
export * from './texts';
