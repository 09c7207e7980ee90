export * from './client.ts';
export * from './data-dir-lock.ts';
export * from './migrate.ts';
export * from './new-id.ts';
export * from './schema/index.ts';
export * from './seed/sample-courses.ts';
export * from './seed/sample-instruments.ts';
export * from './seed/seed-database.ts';
