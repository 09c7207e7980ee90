import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module that arrives when the test says so. */
function deferredModule() {
  let arrive!: () => void;
  const module = new Promise<{ default: typeof Greeting }>((resolve) => {
    arrive = () => resolve({ default: Greeting });
  });
  return { load: () => module, arrive };
}

describe('preloadable', () => {
  it('shows the fallback until the code arrives when nothing preloaded it, like React.lazy', async () => {
    const { load, arrive } = deferredModule();
    const Lazy = preloadable(load);
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Lazy name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
  });

  it('draws the component in its first render once preloaded: the fallback never shows', async () => {
    const { load, arrive } = deferredModule();
    const Lazy = preloadable(load);
    const preloaded = Lazy.preload();
    arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Lazy name="Asha" />
      </Suspense>,
    );
    // No act() flush, no waiting: the first commit already holds the component.
    expect(screen.getByText('Hello, Asha')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  });

  it('loads the code once, however often it is preloaded or rendered', async () => {
    let loads = 0;
    const Lazy = preloadable(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <>
        <Lazy name="one" />
        <Lazy name="two" />
      </>,
    );
    expect(screen.getByText('Hello, two')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
