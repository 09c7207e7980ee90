import { describe, expect, it } from 'vitest';
import { type BroadcastFormValues, toBroadcastInput, validateBroadcast } from './create-broadcast';

const valid: BroadcastFormValues = {
  title: 'Markets closed on Friday',
  message: 'NSE is closed for the holiday; competitions pause until Monday.',
  link: '',
  audience: 'everyone',
  userId: null,
};

describe('validateBroadcast (the limits of POST /admin/notifications)', () => {
  it('accepts a complete notification, with or without a link', () => {
    expect(validateBroadcast(valid)).toEqual({});
    expect(validateBroadcast({ ...valid, link: '/group' })).toEqual({});
  });

  it('needs a title and a message that are more than spaces', () => {
    expect(validateBroadcast({ ...valid, title: '   ', message: '' })).toEqual({
      title: 'Add a title.',
      message: 'Add a message.',
    });
  });

  it('allows 120 characters of title and 1,000 of message, not one more', () => {
    expect(validateBroadcast({ ...valid, title: 'a'.repeat(120), message: 'b'.repeat(1000) })).toEqual({});
    expect(validateBroadcast({ ...valid, title: 'a'.repeat(121), message: 'b'.repeat(1001) })).toEqual({
      title: 'Keep the title under 120 characters.',
      message: 'Keep the message under 1,000 characters.',
    });
  });

  it.each(['https://example.com', '//evil.example', '/\\evil', 'course', '/', `/${'a'.repeat(300)}`])(
    'refuses the link %s',
    (link) => {
      expect(validateBroadcast({ ...valid, link }).link).toBe(
        'Use a path inside Candlewise, such as /course.',
      );
    },
  );

  it('needs a user when it goes to one user', () => {
    expect(validateBroadcast({ ...valid, audience: 'user' }).userId).toBe('Choose who should get it.');
    expect(validateBroadcast({ ...valid, audience: 'user', userId: 'u1' })).toEqual({});
  });
});

describe('toBroadcastInput', () => {
  it('trims, leaves out an empty link and sends userId null to everyone', () => {
    expect(
      toBroadcastInput({ ...valid, title: '  Hi  ', message: ' There ', link: '  ', userId: 'u1' }),
    ).toEqual({
      title: 'Hi',
      message: 'There',
      userId: null,
    });
  });

  it('keeps the link and the chosen user', () => {
    expect(toBroadcastInput({ ...valid, link: ' /course ', audience: 'user', userId: 'u1' })).toEqual({
      title: valid.title,
      message: valid.message,
      link: '/course',
      userId: 'u1',
    });
  });
});
