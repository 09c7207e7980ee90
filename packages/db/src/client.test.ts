import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

/**
 * The embedded database runs in this process, and Node accepts one new connection per turn of the
 * event loop. PGlite's queued transactions follow one another in promise callbacks, so unless the
 * loop goes round between two of them, a busy database keeps new connections waiting in the listen
 * queue until its whole queue has run (during the desk bench: ~7 accepted a second, 30 s waits).
 */
describe('the embedded database under load', () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('lets the server take new connections between queued transactions', async () => {
    const CONNECTIONS = 20;
    const TRANSACTIONS = 60;
    let accepted = 0;
    let acceptedWhenQueueRan = -1;
    const onConnection = () => {
      accepted += 1;
    };
    server.on('connection', onConnection);

    // Queue the work first; it starts in promise callbacks once this synchronous block ends.
    const queue = Array.from({ length: TRANSACTIONS }, (_, index) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from generate_series(1, 20000)`);
        if (index === TRANSACTIONS - 1) acceptedWhenQueueRan = accepted;
      }),
    );
    // Loopback connections complete their handshake in the kernel at once: they wait to be accepted.
    const clients = Array.from({ length: CONNECTIONS }, () => net.connect(port, '127.0.0.1'));
    try {
      await Promise.all(queue);
      expect(acceptedWhenQueueRan).toBe(CONNECTIONS);
    } finally {
      server.off('connection', onConnection);
      for (const client of clients) client.destroy();
    }
  });
});
