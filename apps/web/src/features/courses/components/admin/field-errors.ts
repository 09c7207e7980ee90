import { ApiError } from '@/lib/api-client';

/** Messages per form field ('title', 'chapters.0', …); the form-wide message sits under ''. */
export type FieldErrors = Record<string, string>;

/** The first message per field from a zod result's issues. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A failed save as form errors: the server's details per field, and its sentence for the form. */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) {
    return { '': error instanceof Error ? error.message : 'The save failed. Please try again.' };
  }
  const errors: FieldErrors = { '': error.message };
  for (const detail of error.details) errors[detail.path] ??= detail.message;
  return errors;
}
