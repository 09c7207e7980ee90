import { describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  it('builds and runs schemas without new Function, which the Content-Security-Policy forbids', async () => {
    // zod decides when a schema is built: watch from before the first shared schema module loads,
    // imported by path as the journal's editor does (not through the package's index).
    const compile = vi.spyOn(globalThis, 'Function');
    const { journalEntryInputSchema } = await import('@candlewise/shared/journal/journal-schemas');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(journalEntryInputSchema.safeParse({}).success).toBeTypeOf('boolean');
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
