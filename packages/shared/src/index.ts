import './api/zod-messages.ts';

export * from './api/envelope.ts';
export * from './auth/account-schemas.ts';
export * from './auth/credential-schemas.ts';
export * from './contact/contact-message-schema.ts';
export * from './user/user-types.ts';
