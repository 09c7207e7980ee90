import { type ComponentType, lazy, useState } from 'react';

type Module<P> = { default: ComponentType<P> };

export type Preloadable<P> = ComponentType<P> & {
  /** Starts fetching the component's code; once it is in, the component renders without suspending. */
  preload: () => Promise<Module<P>>;
};

/**
 * React.lazy, plus a preload after which a new mount draws the component at once. React.lazy suspends
 * on its first render even when its module has long arrived (it only learns so from the promise, a
 * microtask later), and a Suspense boundary that has not been shown yet then shows its fallback: a
 * spinner for a frame where the page was. A signed-in first load preloads the guard, the frame and
 * the page, so the app's first render replaces the view drawn at build time with the same view and
 * nothing in between (app/start-app.tsx). Without a preload it is React.lazy.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loading: Promise<Module<P>> | undefined;
  let loaded: Module<P> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Chosen once per mount: switching from the lazy wrapper later would remount the component and
    // lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded?.default ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
