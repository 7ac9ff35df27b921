import { CertificateLink } from '../features/certificate/CertificateLink';
import { useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { HeartHandshake, House, SearchX } from 'lucide-react';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { ar } from '../i18n/ar';
import { fetchHostRequest, hostPageQueryKey, isNotFound, type SelfServiceView } from '../features/host-page/api';
import { CancelSection } from '../features/host-page/CancelSection';
import { CharityContactCard } from '../components/CharityContactCard';
import { EventDetails } from '../features/host-page/EventDetails';
import { StatusTimeline } from '../features/host-page/StatusTimeline';
import { texts } from '../features/host-page/texts';
import '../styles/host-page.css';

/**
 * The host's own page (/r/:token), opened from the WhatsApp link: the request's status as a timeline,
 * the event, the collection deadline, cancelling within the rule, and the charity's phone. States:
 * loading, not found (unknown or expired link, one text for both), failed, loaded.
 */
export default function HostRequestPage() {
  const { token = '' } = useParams();
  const query = useQuery({ queryKey: hostPageQueryKey(token), queryFn: ({ signal }) => fetchHostRequest(token, signal) });
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelled = (message: string) => {
    setNotice(message);
    headingRef.current?.focus();
  };
  return (
    <>
      <PageTitle title={query.data ? texts.title(query.data.requestNumber) : texts.pageTitle} />
      <meta name="robots" content="noindex" />
      <div className="container page-body host-page" aria-busy={query.isPending}>
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
          <Loaded token={token} request={query.data} notice={notice} headingRef={headingRef} onCancelled={cancelled} />
        )}
      </div>
    </>
  );
}

function Loaded({
  token,
  request,
  notice,
  headingRef,
  onCancelled,
}: {
  token: string;
  request: SelfServiceView;
  notice: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCancelled: (message: string) => void;
}) {
  return (
    <article className="host" aria-labelledby="host-title">
      <header className="host-head">
        <p className="eyebrow">{texts.eyebrow}</p>
        <h1 id="host-title" className="host-head__title" ref={headingRef} tabIndex={-1}>
          {texts.titleWords} <bdi dir="ltr">#{request.requestNumber}</bdi>
        </h1>
        <div className="host-status">
          <span className="visually-hidden">{texts.statusHeading}: </span>
          <span className={`status-chip status-chip--${request.status}`}>{request.statusLabel}</span>
        </div>
        <p className="host-head__note">{texts.statusNote[request.status]}</p>
        <div role="status" className="host-notice-region">
          {notice ? <p className="host-notice">{notice}</p> : null}
        </div>
      </header>
      {request.status === 'completed' ? (
        // Room for the thank-you certificate (issue 25, item 4): shown once the request is completed.
        <section className="host-card host-card--thanks" aria-labelledby="thanks-heading" data-slot="certificate">
          <h2 id="thanks-heading" className="host-card__title">
            <HeartHandshake size={22} aria-hidden="true" /> {texts.thanksHeading}
          </h2>
          <p className="host-card__text">{texts.thanksBody}</p>
          <CertificateLink token={token} status={request.status} />
        </section>
      ) : null}
      <div className="host-grid">
        <StatusTimeline request={request} />
        <div className="host-grid__side">
          <EventDetails request={request} />
          <CancelSection token={token} request={request} onCancelled={onCancelled} />
          <CharityContactCard
            id="contact-heading"
            charityPhone={request.charityPhone}
            words={{
              heading: texts.contactHeading,
              body: texts.contactBody,
              call: texts.callCharity,
              noPhone: texts.noPhone,
              contactPage: texts.contactLink,
            }}
          />
        </div>
      </div>
    </article>
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
        <Link to={PUBLIC_ROUTES.contact} className="button button--secondary">
          {texts.contactLink}
        </Link>
        <Link to={PUBLIC_ROUTES.home} className="button button--primary">
          <House size={18} aria-hidden="true" /> {ar.common.backHome}
        </Link>
      </div>
    </div>
  );
}
