import { flushSync } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

// react-router's RouterProvider with react-dom's flushSync (what 'react-router/dom' adds),
// imported from the package root only: under Node (vitest) 'react-router/dom' loads a
// second copy of the router contexts and nothing would find its router.
const flush = (fn: () => unknown): undefined => {
  flushSync(fn);
  return undefined;
};

export function AppRouterProvider({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} flushSync={flush} />;
}
