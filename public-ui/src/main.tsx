import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/home.css';
import './styles/pages.css';
import './styles/forms.css';
import './styles/admin-preview.css';
import { App } from './app/App';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { contentFromPage, contentQueryKey } from './features/content/api';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// The server sends the content it filled the page with: the page starts from the same texts, with no
// second trip for them.
const content = contentFromPage();
if (content) queryClient.setQueryData(contentQueryKey, content);

const app = (
  <StrictMode>
    <App router={createBrowserRouter(routes)} queryClient={queryClient} />
  </StrictMode>
);

// Pages pre-rendered at build time are hydrated (their HTML stays); the others render from nothing.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

registerServiceWorker();
