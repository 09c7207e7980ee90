/** What the fuzzer needs of an answer. */
export type FuzzAnswer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * Why an answer breaks docs/architecture.md §API conventions, or null when it keeps it: never a 5xx, and always the envelope
 * `{ success: true, data }` / `{ success: false, message, code }` — except successful answers of
 * operations that send a file by design (CSV, images).
 */
export function judgeAnswer(answer: FuzzAnswer, fileOnSuccess: boolean): string | null {
  if (answer.statusCode >= 500) return `server error ${answer.statusCode}`;
  if (fileOnSuccess && answer.statusCode < 400) return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `not JSON (content-type "${type}")`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not valid JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const envelope = body as { success?: unknown; message?: unknown; code?: unknown };
  if (typeof envelope.success !== 'boolean') return 'no boolean "success"';
  if (envelope.success !== answer.statusCode < 400)
    return `"success": ${envelope.success} with status ${answer.statusCode}`;
  if (!envelope.success) {
    if (typeof envelope.message !== 'string' || envelope.message === '')
      return 'error without a "message" sentence';
    if (typeof envelope.code !== 'string' || envelope.code === '') return 'error without a "code"';
  }
  return null;
}
