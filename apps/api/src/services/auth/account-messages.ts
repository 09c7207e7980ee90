import type { MailMessage } from '../../providers/mail/mailer.ts';

const BRAND = 'Candlewise';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function layout(title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs
    .map((text) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`)
    .join('');
  const codeBlock = code
    ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;color:#0f766e">${code}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">${BRAND}<span style="color:#0f766e">.app</span></p>
<div style="background:#fff;border:1px solid #d9dee3;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${codeBlock}</div>
<p style="font-size:12px;color:#4b5563;margin-top:24px">You receive this e-mail because of your Candlewise account. Candlewise is trading education, not investment advice.</p>
</div></body></html>`;
}

export function emailConfirmationMail(to: string, code: string): MailMessage {
  const lines = [
    'Welcome to Candlewise! Enter this code to confirm your e-mail address.',
    'The code works for 10 minutes. If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `${code} is your Candlewise confirmation code`,
    text: `${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— The Candlewise team`,
    html: layout('Confirm your e-mail address', lines, code),
  };
}

export function passwordResetMail(to: string, code: string): MailMessage {
  const lines = [
    'Someone (hopefully you) asked to reset the password of your Candlewise account. Enter this code on the reset page.',
    'The code works for 10 minutes. If you did not ask for it, ignore this e-mail: your password stays the same.',
  ];
  return {
    to,
    subject: `${code} is your Candlewise password reset code`,
    text: `${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— The Candlewise team`,
    html: layout('Reset your password', lines, code),
  };
}

export function passwordChangedMail(to: string): MailMessage {
  const lines = [
    'The password of your Candlewise account was just changed, and every other device was signed out.',
    'If this was not you, reset your password now and contact us through the Contact page.',
  ];
  return {
    to,
    subject: 'Your Candlewise password was changed',
    text: `${lines.join('\n\n')}\n\n— The Candlewise team`,
    html: layout('Your password was changed', lines),
  };
}

export function phoneCodeText(code: string): string {
  return `${code} is your Candlewise phone confirmation code. It expires in 10 minutes.`;
}

/** To the owner of an address someone tried to sign up with again: no code, the way back in. */
export function signUpAttemptMail(to: string): MailMessage {
  const lines = [
    'Someone (hopefully you) tried to create an account with your e-mail address, but you already have a Candlewise account. No new account was made.',
    'To get in, log in with your password. If you forgot it, reset your password on the log-in page. If it was not you, you can ignore this e-mail: your account is unchanged.',
  ];
  return {
    to,
    subject: 'You already have a Candlewise account',
    text: `${lines.join('\n\n')}\n\n— The Candlewise team`,
    html: layout('You already have an account', lines),
  };
}
