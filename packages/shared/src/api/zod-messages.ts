import { z } from 'zod';

/**
 * Plain sentences for zod's generic failures, so an API 400 and a form error read the same.
 * Schemas that give their own message keep it.
 */
z.config({
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
