import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

type Props = {
  children: ReactNode;
  /** When this changes (the route's path), a caught error is forgotten so the next page can render. */
  resetKey?: string;
};
type State = { error: unknown };

/** Catches a render error below it (docs/product-contract.md §8): 'Something went wrong' on screen, the error in the console. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown render error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught render error', error, info.componentStack);
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}
