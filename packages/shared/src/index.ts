import './api/zod-messages.ts';

export * from './api/envelope.ts';
export * from './auth/account-schemas.ts';
export * from './auth/credential-schemas.ts';
export * from './contact/contact-message-schema.ts';
export * from './courses/chapter-rules.ts';
export * from './courses/course-progress.ts';
export * from './courses/course-schemas.ts';
export * from './courses/video-url.ts';
export * from './format/format-duration.ts';
export * from './groups/group-rules.ts';
export * from './subscription/plan-rules.ts';
export * from './trading/trading-rules.ts';
export * from './user/user-types.ts';
