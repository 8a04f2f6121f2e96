import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRouterProvider } from './app/app-router-provider.js';
import { AppProviders } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { PwaUpdatePrompt } from './app/pwa-update-prompt.js';
import { routes } from './app/routes.js';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
      <PwaUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
