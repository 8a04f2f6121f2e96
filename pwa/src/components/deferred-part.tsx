import { Component, Suspense, type ReactNode } from 'react';
import { LazyAttempt } from '@/lib/lazy-page.js';

interface Props {
  /** A new value tries the part's code again after it failed to load (a booking opened, the connection back). */
  retryKey: string;
  /** What is drawn while the code cannot be had; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * A part of a page whose code loads after the page (lib/lazy-page.ts): drawn when its code
 * arrives, and, when the code cannot be had (the connection dropped before the service worker
 * held it), `fallback` instead of the route's error page: the rest of the page keeps working.
 */
export function DeferredPart({ retryKey, fallback = null, children }: Props) {
  return (
    <PartBoundary retryKey={retryKey} fallback={fallback}>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}

interface State {
  failed: boolean;
  key: string;
  /** Counts the tries, so a lazy part that failed in an earlier one loads afresh (lib/lazy-page.ts). */
  attempt: number;
}

class PartBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.retryKey, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.retryKey === state.key ? null : { failed: false, key: props.retryKey, attempt: state.attempt + 1 };
  }

  render() {
    if (this.state.failed) return this.props.fallback;
    return <LazyAttempt.Provider value={this.state.attempt}>{this.props.children}</LazyAttempt.Provider>;
  }
}
