import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { PractiseNextCard } from './practise-next-card';

function renderCard(currency?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PractiseNextCard currency={currency} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const answer = {
  currency: 'INR',
  currencies: ['INR', 'USD'],
  since: '2026-10-30T00:00:00.000Z',
  items: [
    {
      kind: 'mistake',
      key: 'moved stop',
      label: 'Moved stop',
      pnl: -600.3,
      occurrences: 3,
      lesson: {
        courseId: 'course6',
        courseTitle: 'Risk Management Essentials',
        videoId: 12,
        title: 'Position Sizing and Drawdown',
      },
      drill: { id: 'drill-1', title: 'Stop below the opening range', courseId: 'course6' },
    },
    {
      kind: 'rule',
      key: 'freeze',
      label: 'Drawdown freeze',
      pnl: -80,
      occurrences: 1,
      lesson: null,
      drill: null,
    },
  ],
};

describe('What to practise next', () => {
  it('lists each costly mistake with its cost, its lesson and its drill', async () => {
    const api = mockApi({ 'GET /learning/practise-next': { body: { success: true, data: answer } } });
    renderCard('INR');
    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Moved stop');
    expect(first).toHaveTextContent('Journal mistake · 3 times');
    expect(first).toHaveTextContent('Cost −600.30 INR');
    expect(within(first).getByRole('link', { name: 'Lesson: Position Sizing and Drawdown' })).toHaveAttribute(
      'href',
      '/courseVideos/course6?video=12',
    );
    expect(within(first).getByRole('link', { name: 'Drill: Stop below the opening range' })).toHaveAttribute(
      'href',
      '/courseVideos/course6?drill=drill-1',
    );
    expect(second).toHaveTextContent('Competition rule · 1 time');
    expect(second).toHaveTextContent('No lesson is linked to this mistake yet.');
    expect(api.calls[0].url.searchParams.get('currency')).toBe('INR');
  });

  it('says what to do when there is nothing costly yet', async () => {
    mockApi({ 'GET /learning/practise-next': { body: { success: true, data: { ...answer, items: [] } } } });
    renderCard();
    expect(await screen.findByText(/No costly mistakes in the last 30 days/)).toBeInTheDocument();
  });
});
