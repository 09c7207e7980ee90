import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the JSON at /api/docs/json.
 * API_DOCS=false leaves both out (the default in production): /api/docs is then a plain 404.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Candlewise API',
        description:
          'Every answer is `{ success, message?, data }` or `{ success: false, message, code, details? }`. ' +
          'Authenticate with `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
