import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Inbox, SearchX } from 'lucide-react';
import { CharityContactCard } from '../components/CharityContactCard';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { fetchVolunteerPage, isNotFound, volunteerPageQueryKey, type VolunteerPage as Page } from '../features/volunteer-page/api';
import { PickupCard } from '../features/volunteer-page/PickupCard';
import { useOutbox, type Announcement } from '../features/volunteer-page/useOutbox';
import { texts } from '../features/volunteer-page/texts';
import '../styles/host-page.css';
import '../styles/volunteer-page.css';

/**
 * The volunteer's own page (/t/:token), opened from the WhatsApp link (the link is the key): their
 * pickups in deadline order, each with its one next step. States: loading, not found (any dead link),
 * failed, no pickups, loaded; the charity's phone at the bottom.
 */
export default function VolunteerPage() {
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: volunteerPageQueryKey(token),
    queryFn: ({ signal }) => fetchVolunteerPage(token, signal),
    // Opened with no signal: the failed state with its retry, not a spinner paused until the connection returns.
    networkMode: 'always',
  });
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  return (
    <>
      <PageTitle title={texts.pageTitle} />
      <meta name="robots" content="noindex" />
      <div className="container page-body host-page volunteer-page" aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="page-spinner">
            <Spinner size="lg" showLabel label={texts.loading} />
          </div>
        ) : query.isError ? (
          isNotFound(query.error) ? (
            <LinkNotFound />
          ) : (
            <ErrorState
              title={texts.failedTitle}
              body={texts.failedBody}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )
        ) : (
          <Loaded token={token} page={query.data} announcement={announcement} onAnnounce={setAnnouncement} />
        )}
      </div>
    </>
  );
}

function Loaded({
  token,
  page,
  announcement,
  onAnnounce,
}: {
  token: string;
  page: Page;
  announcement: Announcement | null;
  onAnnounce: (announcement: Announcement) => void;
}) {
  const outbox = useOutbox(token, onAnnounce);
  return (
    <div className="vpage">
      <header className="host-head vpage__head">
        <p className="eyebrow">{texts.eyebrow}</p>
        <h1 className="host-head__title">{texts.greeting(page.firstName)}</h1>
        {page.pickups.length ? <p className="host-head__note">{texts.intro}</p> : null}
        {/* What the last action did, read out by screen readers; each card shows its new state too. */}
        <div role="status" className="host-notice-region vpage-live">
          {announcement ? <p className={`host-notice${announcement.error ? ' vpage-notice--error' : ''}`}>{announcement.text}</p> : null}
        </div>
      </header>
      {page.pickups.length ? (
        <section aria-labelledby="vpage-list">
          <h2 id="vpage-list" className="visually-hidden">
            {texts.listHeading}
          </h2>
          <ol className="vpage__list">
            {page.pickups.map((pickup) => (
              <PickupCard
                key={pickup.requestId}
                token={token}
                pickup={pickup}
                waiting={outbox.waiting.filter((w) => w.requestId === pickup.requestId).map((w) => w.action)}
                onKeep={(action) => outbox.keep(pickup.requestId, action)}
                onAnnounce={onAnnounce}
              />
            ))}
          </ol>
        </section>
      ) : (
        <EmptyState icon={Inbox} title={texts.emptyTitle} body={texts.emptyBody} />
      )}
      <CharityContactCard
        id="vpage-contact"
        charityPhone={page.charityPhone}
        words={{
          heading: texts.contactHeading,
          body: texts.contactBody,
          call: texts.callCharity,
          noPhone: texts.noPhone,
          contactPage: texts.contactPage,
        }}
      />
    </div>
  );
}

function LinkNotFound() {
  return (
    <div className="state host-missing" role="alert">
      <span className="state__icon" aria-hidden="true">
        <SearchX size={28} strokeWidth={1.75} />
      </span>
      <h1 className="state__title">{texts.notFoundTitle}</h1>
      <p className="state__body">{texts.notFoundBody}</p>
      <div className="state__action host-missing__actions">
        <Link to={PUBLIC_ROUTES.contact} className="button button--primary">
          {texts.contactLink}
        </Link>
      </div>
    </div>
  );
}
