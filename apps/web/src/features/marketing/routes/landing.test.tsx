import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import LandingPage from './landing';

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('Landing page', () => {
  it('has one h1 and headings that never skip a level', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]).toBeLessThanOrEqual(1);
    });
  });

  it('invites visitors to sign up or log in', () => {
    renderLanding();
    const signUps = screen.getAllByRole('link', { name: 'Create your free account' });
    expect(signUps.length).toBeGreaterThanOrEqual(2);
    for (const link of signUps) expect(link).toHaveAttribute('href', '/signup');
    for (const link of screen.getAllByRole('link', { name: 'Log in' }))
      expect(link).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Compare Free and Pro' })).toHaveAttribute('href', '/pricing');
  });

  it('names the six courses, the freeze rule and the Pro price', () => {
    renderLanding();
    for (const title of [
      'Stock Market Fundamentals',
      'Trading Psychology',
      'Technical Analysis Masterclass',
      'Fundamental Analysis Deep Dive',
      'Options Trading Basics',
      'Risk Management Essentials',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Respect the freeze rule' })).toBeInTheDocument();
    expect(screen.getByText('₹2,000')).toBeInTheDocument();
  });
});
