export * from './contact-messages.ts';
export * from './courses.ts';
export * from './groups.ts';
export * from './users.ts';
