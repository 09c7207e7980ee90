/** One server-sent event: its type (`message` when the server named none) and its data lines joined. */
export type ServerSentEvent = { event: string; data: string; id: string };

type Handlers = {
  onEvent: (event: ServerSentEvent) => void;
  /** The server's `retry:` field, the reconnection delay it asks for, in milliseconds. */
  onRetry?: (milliseconds: number) => void;
};

/**
 * Reads the text/event-stream format (WHATWG HTML, "server-sent events") incrementally, because
 * EventSource cannot send our bearer header and `fetch` hands the body over in arbitrary chunks: an
 * event may be split anywhere, even inside a line, and one chunk may hold several events. Feed it
 * decoded text with `push`; it calls `onEvent` once per complete event (a block ended by a blank
 * line). Comment lines (`: keep-alive`) are skipped; lines end in LF, CRLF or CR.
 */
export function createEventStreamParser({ onEvent, onRetry }: Handlers) {
  let pending = '';
  let eventType = '';
  let dataLines: string[] = [];
  let lastEventId = '';

  function dispatch() {
    // A block with no data (only `event:` or `retry:`) dispatches nothing, as in a browser.
    if (dataLines.length > 0) {
      onEvent({ event: eventType || 'message', data: dataLines.join('\n'), id: lastEventId });
    }
    eventType = '';
    dataLines = [];
  }

  function processLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  return {
    push(chunk: string) {
      pending += chunk;
      let lineStart = 0;
      for (let index = 0; index < pending.length; index += 1) {
        const character = pending[index];
        if (character !== '\n' && character !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (character === '\r' && index === pending.length - 1) break;
        processLine(pending.slice(lineStart, index));
        if (character === '\r' && pending[index + 1] === '\n') index += 1;
        lineStart = index + 1;
      }
      pending = pending.slice(lineStart);
    },
  };
}
