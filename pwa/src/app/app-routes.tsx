import { Component, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorPage } from './route-error-page.js';

/**
 * The app's routes in React Router's declarative mode (inside a `BrowserRouter`, or a
 * `MemoryRouter` in tests). The data router (`createBrowserRouter`) would add about 25 KB gzip
 * of loaders, actions and fetchers to the landing page's first JavaScript, and the app uses
 * none of them: pages load their data through TanStack Query. What the data router gave for
 * free is here: the error page for a render error, and scrolling to the top on navigation.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return (
    <>
      <ScrollToTop />
      <RenderErrorBoundary resetKey={location.pathname}>{useRoutes(routes)}</RenderErrorBoundary>
    </>
  );
}

/** A new page starts at the top; back and forward leave the scroll to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** A render error anywhere shows the error page instead of a blank screen, until the next page. */
class RenderErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
