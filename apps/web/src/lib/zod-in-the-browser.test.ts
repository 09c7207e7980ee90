import { logInSchema } from '@candlewise/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('compiles no parsers with new Function, which the Content-Security-Policy forbids', () => {
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    expect(logInSchema.safeParse({ email: 'lena@example.com', password: 'long enough 1' }).success).toBe(
      true,
    );
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
