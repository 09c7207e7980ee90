// The envelope module directly, not the package index: the index also loads zod and its schemas,
// which would put ~20 KB gzipped on every page, the light public ones included.
import {
  API_BASE_PATH,
  type ApiErrorBody,
  type ApiFieldError,
  type ApiSuccess,
} from '@candlewise/shared/api/envelope';

/** An API answer that was not a success, carrying the server's sentence for the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiFieldError[];
  /** A 429's Retry-After: the seconds to wait before asking again. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    message: string,
    code: string,
    details: ApiFieldError[] = [],
    retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

type TokenSource = () => string | null;
let readToken: TokenSource = () => null;
/** Who is signed in, as far as the early reads need it (their paths name the user or their day). */
export type SessionUser = { _id: string; timeZone?: string };
let readUser: () => SessionUser | null = () => null;
let onUnauthorized: (() => void) | null = null;
let onOnboardingRequired: ((step: string) => void) | null = null;

/** Wired once by the store so the client can read the token without importing the store (no cycle). */
export function configureApiClient(options: {
  getToken: TokenSource;
  /** The signed-in user, for the early reads whose path names them (app/signed-in-pages.ts). */
  getUser?: () => SessionUser | null;
  onUnauthorized?: () => void;
  /** The API refused because onboarding is not finished: the step's page (e.g. '/add-phno'). */
  onOnboardingRequired?: (step: string) => void;
}): void {
  readToken = options.getToken;
  readUser = options.getUser ?? (() => null);
  onUnauthorized = options.onUnauthorized ?? null;
  onOnboardingRequired = options.onOnboardingRequired ?? null;
}

type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const url = new URL(`${API_BASE_PATH}${clean}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** How long a GET started early (lib/early-gets.ts) may wait for the page that makes it. */
export const EARLY_GET_MAX_AGE_MS = 5_000;
export type EarlyGet = { token: string; startedAt: number; response: Promise<Response | null> };

const earlyGets = new Map<string, EarlyGet>();

/**
 * For lib/early-gets.ts (signed-in first loads only, so the code that starts them stays out of the
 * entry every public page loads): the token and address a GET of `path` would have now, and the
 * place a started one waits for the page's own identical request.
 */
export const earlyGetSlots = {
  token: (): string | null => readToken(),
  url: (path: string): string => buildUrl(path),
  has: (url: string): boolean => earlyGets.has(url),
  keep: (url: string, early: EarlyGet): void => {
    earlyGets.set(url, early);
  },
};

/** The signed-in user as the store holds them (null signed out or before the store is wired). */
export function sessionUser(): SessionUser | null {
  return readUser();
}

/** Drops the early answers no page has taken (after a write; between tests). */
export function forgetEarlyGets(): void {
  earlyGets.clear();
}

/** The early answer for this address, once, if it was asked with this token and is still fresh. */
function takeEarlyGet(url: string, token: string | null): Promise<Response | null> | undefined {
  const early = earlyGets.get(url);
  if (!early) return undefined;
  earlyGets.delete(url);
  if (early.token !== token || Date.now() - early.startedAt > EARLY_GET_MAX_AGE_MS) return undefined;
  return early.response;
}

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = buildUrl(path, options.query);
  if (method !== 'GET') forgetEarlyGets();

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets multipart/form-data with its boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    const early = method === 'GET' && !options.headers ? await takeEarlyGet(url, token) : undefined;
    response =
      early ??
      (await fetch(url, {
        method,
        headers,
        body: payload,
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach Candlewise. Check your connection and try again.', 'NETWORK_ERROR');
  }

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }

  if (!response.ok) {
    const errorBody = (parsed ?? {}) as Partial<ApiErrorBody>;
    if (response.status === 401 && token && onUnauthorized) onUnauthorized();
    const step = errorBody.details?.find((detail) => detail.path === 'step')?.message;
    if (errorBody.code === 'ONBOARDING_REQUIRED' && step?.startsWith('/') && onOnboardingRequired)
      onOnboardingRequired(step);
    throw new ApiError(
      response.status,
      errorBody.message ?? `The request failed (${response.status}). Please try again.`,
      errorBody.code ?? 'UNKNOWN_ERROR',
      errorBody.details ?? [],
      retryAfterHeader(response),
    );
  }
  return parsed as ApiSuccess<T>;
}

/** Retry-After in seconds (the API sends it with every 429), or undefined without a usable one. */
function retryAfterHeader(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** A file the API serves to the signed-in user only (screenshots, CSV exports): fetched with the token. */
async function getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const token = readToken();
  const response = await fetch(buildUrl(path, options.query), {
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: options.signal,
    credentials: 'same-origin',
  }).catch((error: Error) => {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach Candlewise. Check your connection and try again.', 'NETWORK_ERROR');
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    throw new ApiError(
      response.status,
      body.message ?? `The request failed (${response.status}). Please try again.`,
      body.code ?? 'UNKNOWN_ERROR',
    );
  }
  return response.blob();
}

/** The one API client: base /api/v1, bearer token, X-Requested-With, JSON or multipart, no default timeout. */
export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  getBlob,
};
