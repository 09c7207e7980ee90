import { ApiError } from '@/lib/api-client';

/** Messages per form field; the form-wide sentence sits under ''. */
export type FormErrors = Record<string, string>;

export function errorsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

export function errorsFromApi(error: unknown): FormErrors {
  if (!(error instanceof ApiError))
    return { '': error instanceof Error ? error.message : 'The save failed.' };
  const errors: FormErrors = { '': error.message };
  for (const detail of error.details) errors[detail.path] ??= detail.message;
  return errors;
}
