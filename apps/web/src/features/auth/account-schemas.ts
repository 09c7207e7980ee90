/**
 * The account forms validate with the same zod schemas as the API, loaded on first interaction: zod
 * weighs about 20 KB gzipped and /login must stay under 100 KB, so it never ships with the page.
 */
export type AccountSchemas = typeof import('@candlewise/shared/auth/account-schemas');

let schemasPromise: Promise<AccountSchemas> | null = null;

export function loadAccountSchemas(): Promise<AccountSchemas> {
  schemasPromise ??= import('@candlewise/shared/auth/account-schemas').catch((error: unknown) => {
    schemasPromise = null; // let the next attempt try again
    throw error;
  });
  return schemasPromise;
}

/** What a form needs from a zod schema; keeps the form code free of zod's own types. */
export type SafeParser<Output> = {
  safeParse(input: unknown):
    | { success: true; data: Output }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};
