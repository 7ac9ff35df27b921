import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { ContentSlotsContext } from './features/content/useContent';

/**
 * The build's server entry (scripts/vite-prerender.ts): the HTML of one public page as the browser's
 * first render will produce it, every editable text as a slot for the server to fill. It waits for the
 * page's code-split parts, so the page itself is in the HTML, not its loading spinner.
 */
export async function renderPage(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <ContentSlotsContext value={true}>
          <App router={router} queryClient={queryClient} />
        </ContentSlotsContext>
      </StrictMode>,
      // Every boundary in place: React would otherwise move large ones to the end of the HTML and
      // reveal them with an inline script, which the Content-Security-Policy forbids.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return await new Response(prelude).text();
  } finally {
    // Their timers (the queries' garbage collection) would keep the build running for minutes.
    queryClient.clear();
    router.dispose();
  }
}
