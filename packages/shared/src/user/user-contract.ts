import { z } from 'zod';
import { defineContract } from '../api/contract.ts';

/** Users (ADR 023); the JSON operations' schemas are still declared in the route file. */
export const userContract = defineContract({
  getAvatar: {
    method: 'GET',
    path: '/uploads/avatars/:file',
    params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.(png|jpg|webp)$/, 'Unknown file.') }),
    produces: 'image/*',
    response: z.string().meta({ format: 'binary', description: 'The picture (PNG, JPEG or WebP)' }),
  },
});
