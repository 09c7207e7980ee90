import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PlainAlert } from './plain-alert';

type Props = {
  /** The part, for the message and the log: 'entry editor', 'trading desk'. */
  what: string;
  /** What the reader is told instead of 'The {what} could not load.' */
  message?: string;
  children: ReactNode;
};

type State = { failed: boolean };

/**
 * Around a part of a page fetched when it is first shown (antd's parts of a plain page, ADR 021):
 * when its code cannot be fetched (offline, a new release) or it fails, that part says so, offers
 * a reload, and the rest of the page stays.
 */
export class PartBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.what} failed`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? (
      <PlainAlert
        message={this.props.message ?? `The ${this.props.what} could not load.`}
        retryLabel="Reload the page"
        onRetry={() => window.location.reload()}
      />
    ) : (
      this.props.children
    );
  }
}
