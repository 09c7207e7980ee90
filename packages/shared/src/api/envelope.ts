/** The response envelope every API route answers with (docs/architecture.md §API conventions). */
export type ApiSuccess<T> = { success: true; message?: string; data: T };

export type ApiFieldError = { path: string; message: string };

export type ApiErrorBody = {
  success: false;
  message: string;
  code: ApiErrorCode;
  details?: ApiFieldError[];
};

export const apiErrorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ACCOUNT_FROZEN',
  'PAYMENT_DECLINED',
  'ONBOARDING_REQUIRED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const API_BASE_PATH = '/api/v1';
