import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markNewAccount } from '@/lib/first-visit';
import { homeGreeting } from '../home-greeting';
import { HomeFirstView } from './home-first-view';

/** The script the API puts into /home's HTML (apps/api/src/plugins/prerender-head.ts), as it is. */
async function firstReadsScript(): Promise<string> {
  const file = '../../../../../api/src/plugins/prerender-head.ts';
  return ((await import(/* @vite-ignore */ file)) as { FIRST_READS_SCRIPT: string }).FIRST_READS_SCRIPT;
}

/**
 * /home as the server sends it to a stored session (the first view inside #root), with the head
 * script run over it; returns the greeting on screen before any of the app's code.
 */
async function greetingBeforeTheApp(user: { firstName?: string | null }, isNew: boolean) {
  const token = `token-${Math.random().toString(16).slice(2)}`;
  localStorage.setItem('persist:root', JSON.stringify({ auth: JSON.stringify({ token, user }) }));
  if (isNew) markNewAccount(token);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, data: [] })),
  );
  const meta = document.createElement('meta');
  meta.name = 'cw:first-reads';
  meta.content = '/api/v1/courses';
  meta.dataset.coursePicture = '/api/v1/courses';
  document.head.append(meta);
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.shell = '/home';
  root.innerHTML = renderToStaticMarkup(<HomeFirstView />);
  document.body.append(root);
  try {
    new Function(await firstReadsScript())();
    return {
      title: root.querySelector('h1')?.textContent,
      description: root.querySelector('h1 + p')?.textContent,
    };
  } finally {
    meta.remove();
    root.remove();
    delete window.cwFirstReads;
  }
}

describe("/home's first view, completed by the HTML's head script", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it.each([
    ['a returning learner', 'Lena', false],
    ['a learner who has just finished onboarding', 'Lena', true],
    ['a returning learner without a first name', null, false],
    ['a new learner without a first name', '', true],
  ])('greets %s with the words the app will draw', async (_who, firstName, isNew) => {
    const greeting = await greetingBeforeTheApp({ firstName }, isNew);
    expect(greeting).toEqual(homeGreeting(firstName, isNew));
  });

  it('leaves the greeting drawn at build time on any page but /home', async () => {
    expect(renderToStaticMarkup(<HomeFirstView />)).toContain('Welcome back</h1>');
    localStorage.setItem(
      'persist:root',
      JSON.stringify({ auth: JSON.stringify({ token: 't', user: { firstName: 'Lena' } }) }),
    );
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.shell = '/journal';
    root.innerHTML =
      '<h1 class="cw-page-header__title">Journal</h1><p class="cw-page-header__description">Diary</p>';
    document.body.append(root);
    const meta = document.createElement('meta');
    meta.name = 'cw:first-reads';
    meta.content = '';
    document.head.append(meta);
    try {
      new Function(await firstReadsScript())();
      expect(root.querySelector('h1')?.textContent).toBe('Journal');
    } finally {
      meta.remove();
      root.remove();
      delete window.cwFirstReads;
    }
  });
});
