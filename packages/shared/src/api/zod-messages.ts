import { z } from 'zod';

/**
 * zod as every shared schema module imports it, configured before any schema is built: zod reads
 * `jitless` when a schema is constructed, so the configuration has to come first in every import
 * graph, also that of a page importing one schema module by path.
 *
 * Plain sentences for zod's generic failures, so an API 400 and a form error read the same.
 * Schemas that give their own message keep it.
 */
z.config({
  // In a browser zod compiles no parsers with `new Function`: the Content-Security-Policy forbids
  // eval, and zod's probe for it is reported as a policy violation (Chrome's Issues panel, a
  // Lighthouse best-practices failure) even though the probe's error is caught. The API, where
  // nothing forbids it, keeps the faster compiled parsers.
  jitless: 'document' in globalThis,
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return `Expected ${issue.expected}, but got ${issue.input === null ? 'null' : typeof issue.input}.`;
    }
    if (issue.code === 'unrecognized_keys')
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    return undefined;
  },
});

export { z };
