import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ServerSentEvent } from './parse-event-stream';

function collect() {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({
    onEvent: (event) => events.push(event),
    onRetry: (milliseconds) => retries.push(milliseconds),
  });
  return { parser, events, retries };
}

const unread = 'event: unread\ndata: {"unreadCount":2}\n\n';
const notification =
  'event: notification\ndata: {"notification":{"_id":"n9","notificationContent":{"title":"Hi","message":"There"}},"unreadCount":3}\n\n';

describe('the event-stream parser', () => {
  it('reads an event split anywhere across chunks, even mid-line and mid-field', () => {
    const { parser, events } = collect();
    const whole = unread + notification;
    for (const size of [1, 2, 3, 7, 13]) {
      events.length = 0;
      for (let start = 0; start < whole.length; start += size) parser.push(whole.slice(start, start + size));
      expect(events.map((event) => event.event)).toEqual(['unread', 'notification']);
      expect(JSON.parse(events[0].data)).toEqual({ unreadCount: 2 });
      expect(JSON.parse(events[1].data)).toMatchObject({ notification: { _id: 'n9' }, unreadCount: 3 });
    }
  });

  it('waits for the blank line before dispatching', () => {
    const { parser, events } = collect();
    parser.push('event: unread\ndata: {"unreadCount":1}\n');
    expect(events).toHaveLength(0);
    parser.push('\n');
    expect(events).toEqual([{ event: 'unread', data: '{"unreadCount":1}', id: '' }]);
  });

  it('reads several events from one chunk, in order', () => {
    const { parser, events } = collect();
    parser.push(`${unread}${notification}event: unread\ndata: {"unreadCount":0}\n\n`);
    expect(events.map((event) => [event.event, JSON.parse(event.data).unreadCount])).toEqual([
      ['unread', 2],
      ['notification', 3],
      ['unread', 0],
    ]);
  });

  it('skips heartbeat comments, between events and inside one', () => {
    const { parser, events } = collect();
    parser.push(': keep-alive\n\n');
    parser.push('event: unread\n: keep-alive\ndata: {"unreadCount":4}\n\n: keep-alive\n\n');
    expect(events).toEqual([{ event: 'unread', data: '{"unreadCount":4}', id: '' }]);
  });

  it('reports the retry delay and dispatches nothing for a block without data', () => {
    const { parser, events, retries } = collect();
    parser.push('retry: 5000\n\n');
    parser.push('retry: soon\n\n');
    expect(retries).toEqual([5000]);
    expect(events).toHaveLength(0);
  });

  it('joins multi-line data, accepts CRLF and CR line ends (even a CRLF split in two) and names untyped events message', () => {
    const { parser, events } = collect();
    parser.push('data: first\r');
    parser.push('\ndata:second\r\r');
    parser.push('id: 7\revent: unread\rdata: x\r\n\r\n');
    expect(events).toEqual([
      { event: 'message', data: 'first\nsecond', id: '' },
      { event: 'unread', data: 'x', id: '7' },
    ]);
  });

  it('keeps only one leading space of a value', () => {
    const { parser, events } = collect();
    parser.push('data:   indented\n\n');
    expect(events[0].data).toBe('  indented');
  });
});
