export * from './contact-messages.ts';
export * from './courses.ts';
export * from './dev-outbox.ts';
export * from './groups.ts';
export * from './notifications.ts';
export * from './subscriptions.ts';
export * from './users.ts';
export * from './verification-codes.ts';
