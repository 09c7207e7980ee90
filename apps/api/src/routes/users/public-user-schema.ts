/** The user object the API answers now lives in the shared user contract (ADR 023). */
export { publicUserSchema } from '@candlewise/shared/user/user-contract';
