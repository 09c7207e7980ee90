/**
 * A time typed by an admin: whole seconds ('95'), m:ss ('1:35') or h:mm:ss ('1:01:35').
 * Returns the seconds, or null when the text is not one of those.
 */
export function parseTimeInput(text: string): number | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value.split(':');
  if (parts.length < 2 || parts.length > 3) return null;
  if (!parts.every((part, index) => (index === 0 ? /^\d+$/.test(part) : /^\d{1,2}$/.test(part)))) return null;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((part) => part > 59)) return null;
  return numbers.reduce((total, part) => total * 60 + part, 0);
}

export const TIME_INPUT_HINT = 'Seconds or m:ss, such as 95 or 1:35.';
