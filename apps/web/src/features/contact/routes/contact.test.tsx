import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { validationFailed } from '@/testing/mock-api';
import ContactPage from './contact';

function jsonResponse(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

let fetchMock: Mock;
const originalFetch = global.fetch;

beforeEach(() => {
  fetchMock = vi.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  global.fetch = originalFetch;
});

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/contact']}>
      <ContactPage />
    </MemoryRouter>,
  );
  return user;
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), '  Asha Rao ');
  await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Question about Pro');
  await user.type(screen.getByLabelText('Message'), 'Does Pro include the options course?');
}

describe('Contact page', () => {
  it('shows an error under each invalid field and sends nothing', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(name).toHaveFocus();

    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address.',
    );
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Please add a subject.');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining('Please write at least 10 characters so we can help.'),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing a field clears its error as the user types.
    await user.type(name, 'Asha');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
  });

  it('sends the message, shows "Sending…" meanwhile, then shows the confirmation', async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      subject: 'Question about Pro',
      message: 'Does Pro include the options course?',
    });

    answer(
      jsonResponse(201, {
        success: true,
        message: 'Thanks, Asha. We will reply by e-mail soon.',
        data: { _id: 'msg_1' },
      }),
    );

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Thanks, Asha. We will reply by e-mail soon.');
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Message sent' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
  });

  it('falls back to a standard confirmation when the server sends no message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, data: { _id: 'msg_2' } }));
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thanks — we received your message and will reply by e-mail within two business days.',
    );
  });

  it('puts the server’s field errors from a 400 under the matching fields', async () => {
    const { status, body } = validationFailed(
      {
        email: 'This e-mail domain does not accept mail.',
        'body.message': 'Links are not allowed in messages.',
      },
      'Some fields need attention.',
    );
    fetchMock.mockResolvedValue(jsonResponse(status, body));
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('This e-mail domain does not accept mail.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining('Links are not allowed in messages.'),
    );
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('shows the server’s sentence when too many messages were sent (429)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        success: false,
        message: 'You have sent several messages in a short time. Please try again in an hour.',
        code: 'RATE_LIMITED',
      }),
    );
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in a short time. Please try again in an hour.',
    );
    // What the user wrote is kept so they can send it later.
    expect(screen.getByLabelText('Message')).toHaveValue('Does Pro include the options course?');
  });
});
