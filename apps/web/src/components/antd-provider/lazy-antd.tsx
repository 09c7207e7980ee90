import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useEffect,
  useState,
} from 'react';

type LazyAntdPart<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the part's code (when a control that opens it is pointed at or focused, say). */
  preload: () => Promise<unknown>;
};

/**
 * A part of a page drawn without antd that uses antd (ADR 021): its code and antd's theme
 * are fetched when it is first rendered or preloaded, and it renders inside that theme. `load` must
 * import the part dynamically: a static import would bring antd into the page's first paint.
 */
export function lazyAntd<P extends object>(load: () => Promise<ComponentType<P>>): LazyAntdPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), import('@/components/antd-provider/antd-theme')]).then(
      ([Part, { AntdTheme }]) => {
        function Themed(props: P) {
          return (
            <AntdTheme>
              <Part {...props} />
            </AntdTheme>
          );
        }
        Themed.displayName = `Antd(${Part.displayName ?? Part.name})`;
        return { default: Themed };
      },
      (error: unknown) => {
        // A failed preload (the network, a new release) leaves the part to fetch again when it renders.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** True from the first frame the browser has drawn after this component mounted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The second frame's callback runs once the first has been drawn; rAF waits while the tab is hidden.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}

/**
 * Shows `fallback` in the first frame and `children` (a lazyAntd part) from the next: the part's
 * code, antd's with it, is asked for only once the page's plain first view is on screen, so the
 * largest paint never waits behind it (Lighthouse counts the requests started before that paint).
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return usePainted() ? children : fallback;
}
