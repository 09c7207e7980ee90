import http from 'node:http';

/** An SSE stream held open (its own connection, as a browser's EventSource); counts its events. */
export function openStream(
  url: string,
  token: string,
  onEvent: () => void,
): { close: () => void; opened: Promise<number> } {
  let request: http.ClientRequest | null = null;
  const opened = new Promise<number>((resolve) => {
    request = http.get(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          for (const line of chunk.split('\n')) if (line.startsWith('event:')) onEvent();
        });
        response.on('error', () => {});
      },
    );
    request.on('error', () => resolve(0));
  });
  return { close: () => request?.destroy(), opened };
}
