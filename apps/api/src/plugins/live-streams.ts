import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LiveStream, type LiveStreamOptions } from '../lib/live-stream.ts';
import type { StreamOptions } from './authentication.ts';

export type OpenLiveStreamOptions = LiveStreamOptions & StreamOptions;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers the request with a server-sent event stream (ADR 026): the headers, `retry:`,
     * heartbeats, sequence ids and back-pressure of LiveStream. The stream ends, in one place, when
     * the client goes, the server closes, or the session ends (`stillAllowed`: see trackStream);
     * `onEnd` is where the route releases its subscriptions.
     */
    openLiveStream(request: FastifyRequest, reply: FastifyReply, options: OpenLiveStreamOptions): LiveStream;
    /** The streams open on this process (their `stats` are what tests and metrics read). */
    readonly liveStreams: ReadonlySet<LiveStream>;
  }
}

export const liveStreamsPlugin = fp(async (app: FastifyInstance) => {
  const open = new Set<LiveStream>();
  app.decorate('liveStreams', open);
  // Open streams end when the server closes, so a graceful shutdown does not wait on them.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.decorate(
    'openLiveStream',
    (request: FastifyRequest, reply: FastifyReply, options: OpenLiveStreamOptions): LiveStream => {
      const { stillAllowed, onEnd, ...streamOptions } = options;
      reply.hijack();
      reply.raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx and its kin would otherwise buffer the stream and deliver it in lumps.
        'X-Accel-Buffering': 'no',
        'x-request-id': request.id,
      });
      let untrack = () => {};
      const stream = new LiveStream(reply.raw, {
        ...streamOptions,
        onEnd: (reason) => {
          open.delete(stream);
          untrack();
          onEnd?.(reason);
        },
      });
      open.add(stream);
      // Private events stop with the session: logout, a password reset, disabling… end the stream.
      untrack = app.trackStream(request, () => stream.end(), stillAllowed ? { stillAllowed } : {});
      if (stream.ended) untrack();
      request.raw.on('close', () => stream.end('closed'));
      return stream;
    },
  );
});
