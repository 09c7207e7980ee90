// The yardstick: a bare Fastify server with one route, run in its own process (like the app) by
// run-api-bench.ts. Whatever it does per second on this machine right now is what the app's routes
// are compared with, so the ratio stays meaningful on a slower or busier machine.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port, host });
console.log(`bare fastify listening on http://${host}:${port}/`);
