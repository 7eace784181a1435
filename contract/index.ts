export * from './api.ts';
export * from './entities.ts';
export * from './user.ts';
export * from './opinions.ts';
export * from './cookies.ts';
export * from './search.ts';
export * from './routes.ts';
