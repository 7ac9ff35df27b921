import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CloudOff, Clock, MapPin, MessageCircle, Navigation, Phone, Timer, Truck, Users, Utensils } from 'lucide-react';
import { riyadhTimeString } from '@shared/time';
import { NOT_COLLECTED_REASON_LABELS } from '@shared/volunteer';
import { formatNumber } from '../../lib/format';
import { ApiError, NetworkError } from '../../lib/api';
import { When } from '../host-page/when';
import { sendVolunteerAction, volunteerPageQueryKey, type VolunteerAction, type VolunteerPickup } from './api';
import { shownStep } from './pending-actions';
import { announcementFor, setPickup, type Announcement } from './useOutbox';
import { CollectedForm, NotCollectedForm } from './ActionForms';
import { doneSummary, formatKg, hostPhoneLinks } from './form';
import { texts } from './texts';

type Open = 'none' | 'collected' | 'not-collected';

/**
 * One assigned pickup: the request's number, the event, when and where, the host to call, and the one
 * next step as a large button («في الطريق», then «تم الاستلام من المناسبة» or «لم يتم الاستلام»),
 * or the line saying how it ended.
 */
export function PickupCard({
  token,
  pickup,
  waiting,
  onKeep,
  onAnnounce,
}: {
  token: string;
  pickup: VolunteerPickup;
  /** This pickup's actions kept on the device, waiting for the connection. */
  waiting: readonly VolunteerAction[];
  onKeep: (action: VolunteerAction) => void;
  onAnnounce: (announcement: Announcement) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>('none');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const headingId = useId();
  const step = shownStep(pickup.step, waiting);
  // A kept final action says what it recorded, as the card will once it is sent.
  const final = waiting.find((a) => a.kind !== 'on-the-way');
  const keptSummary =
    final?.kind === 'collected'
      ? texts.doneCollected(formatKg(final.body.weighedKg))
      : final?.kind === 'not-collected'
        ? texts.doneNotCollected(NOT_COLLECTED_REASON_LABELS[final.body.reason])
        : null;
  // After the card changes under the volunteer's finger (a form opened or closed, an answer), the focus
  // goes to what it now offers first: the form's first field, the next button, or how it ended.
  const actionsRef = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState(0);
  useEffect(() => {
    if (moved) actionsRef.current?.querySelector<HTMLElement>('input, button, .vcard__done, .vcard__queued')?.focus();
    // The answer's new step may render after the form closed: follow it too.
  }, [moved, step, waiting.length]);
  const moveTo = (which: Open) => {
    setOpen(which);
    setMoved((m) => m + 1);
  };
  const n = pickup.requestId;
  // A finished pickup keeps only what says how it ended: the next one is in focus.
  const done = pickup.step === 'done';

  const keep = (action: VolunteerAction) => {
    moveTo('none');
    onKeep(action);
  };

  const mutation = useMutation({
    mutationFn: (action: VolunteerAction) => sendVolunteerAction(token, n, action),
    // Never paused by react-query's own idea of the connection: a failed send is kept on the device instead.
    networkMode: 'always',
    onSuccess: (updated, action) => {
      setPickup(queryClient, token, updated);
      moveTo('none');
      setFieldErrors({});
      setCardError(null);
      onAnnounce({ text: announcementFor(n, action, updated) });
    },
    onError: (error, action) => {
      // No connection: kept on the device and sent when it returns.
      if (error instanceof NetworkError) return keep(action);
      if (error instanceof ApiError && error.status === 400 && error.errors && Object.keys(error.errors).length) {
        setFieldErrors(error.errors);
        return;
      }
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : texts.failed;
      setCardError(message);
      // Refused because the page is out of date (no longer theirs, or closed by someone else): show the truth.
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
        moveTo('none');
        onAnnounce({ text: message, error: true });
        void queryClient.invalidateQueries({ queryKey: volunteerPageQueryKey(token) });
      }
    },
  });

  const send = (action: VolunteerAction) => {
    setCardError(null);
    setFieldErrors({});
    // Known offline (or earlier actions still waiting, which must reach the server first): keep it.
    if (!navigator.onLine || waiting.length) return keep(action);
    mutation.mutate(action);
  };
  const show = (which: Open) => {
    moveTo(which);
    setFieldErrors({});
    setCardError(null);
  };

  const phone = hostPhoneLinks(pickup.hostPhone);
  const details = [
    { icon: CalendarDays, label: texts.eventDate, value: pickup.eventDateText },
    {
      icon: Clock,
      label: texts.endTime,
      value: (
        <bdi dir="ltr" className="nowrap">
          {pickup.endTime}
        </bdi>
      ),
    },
    { icon: Users, label: texts.attendees, value: formatNumber(pickup.attendeeCount) },
    { icon: Utensils, label: texts.foodTypes, value: pickup.foodTypeLabels.length ? pickup.foodTypeLabels.join('، ') : texts.none },
  ];

  return (
    <li className={`vcard vcard--${pickup.step}`}>
      <article aria-labelledby={headingId}>
        <header className="vcard__head">
          <h3 id={headingId} className="vcard__title">
            {texts.request} <bdi dir="ltr">#{n}</bdi>
            <span className="vcard__type">{pickup.eventTypeLabel}</span>
          </h3>
          <span className={`status-chip status-chip--${pickup.status}`}>
            <span className="visually-hidden">{texts.status}: </span>
            {pickup.statusLabel}
          </span>
        </header>

        {done ? null : (
          <div className="deadline vcard__deadline">
            <Timer size={20} aria-hidden="true" className="deadline__icon" />
            <div>
              <p className="deadline__label">{texts.deadline}</p>
              <p className="deadline__value">
                <When iso={pickup.deadline} />
              </p>
            </div>
          </div>
        )}

        <section className="vcard__place" aria-label={texts.place}>
          <p className="vcard__place-name">
            <MapPin size={20} aria-hidden="true" /> {pickup.place}
          </p>
          {!done && pickup.address ? (
            <p className="vcard__line">
              <span className="vcard__term">{texts.address}:</span> {pickup.address}
            </p>
          ) : null}
          {!done && pickup.landmarks ? (
            <p className="vcard__line">
              <span className="vcard__term">{texts.landmarks}:</span> {pickup.landmarks}
            </p>
          ) : null}
          {done ? null : (
            <a className="button button--secondary button--lg vcard__map" href={pickup.mapsUrl} target="_blank" rel="noopener noreferrer">
              <Navigation size={20} aria-hidden="true" /> {texts.openMap}
              <span className="visually-hidden"> {texts.newTab}</span>
            </a>
          )}
        </section>

        {done ? null : (
          <section className="vcard__host" aria-label={texts.host}>
            <p className="vcard__line">
              <span className="vcard__term">{texts.host}:</span> {pickup.hostFirstName}
            </p>
            {phone ? (
              <div className="vcard__contact">
                <a className="button button--secondary" href={phone.tel} aria-label={texts.callHost(pickup.hostFirstName)}>
                  <Phone size={18} aria-hidden="true" /> {texts.call}
                </a>
                <a
                  className="button button--secondary"
                  href={phone.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={texts.whatsappHost(pickup.hostFirstName)}
                >
                  <MessageCircle size={18} aria-hidden="true" /> {texts.whatsapp}
                </a>
              </div>
            ) : null}
            {pickup.hostNotes ? (
              <p className="vcard__notes">
                <span className="vcard__term">{texts.hostNotes}:</span> {pickup.hostNotes}
              </p>
            ) : null}
          </section>
        )}

        {cardError ? (
          <p className="vcard__error" role="alert">
            {cardError}
          </p>
        ) : null}

        <div className="vcard__actions" ref={actionsRef}>
          {waiting.length && !done ? (
            <p className="vcard__queued" tabIndex={-1} data-waiting={waiting.map((a) => a.kind).join(' ')}>
              <CloudOff size={20} aria-hidden="true" /> {keptSummary ? `${keptSummary} — ` : ''}
              {texts.queued}
            </p>
          ) : null}
          {step === 'done' ? (
            <p className={`vcard__done vcard__done--${pickup.status}`} tabIndex={-1}>
              {doneSummary(pickup)}
            </p>
          ) : step === 'waiting' ? null : step === 'set_out' ? (
            <button
              type="button"
              className="button button--primary button--lg vcard__primary"
              disabled={mutation.isPending}
              onClick={() => send({ kind: 'on-the-way' })}
            >
              <Truck size={22} aria-hidden="true" /> {mutation.isPending ? texts.sending : texts.action.set_out}
            </button>
          ) : (
            <>
              {pickup.onTheWayAt ? (
                <p className="vcard__progress">
                  {texts.onTheWaySince} <bdi dir="ltr">{riyadhTimeString(new Date(pickup.onTheWayAt))}</bdi>
                </p>
              ) : null}
              {open === 'collected' ? (
                <CollectedForm
                  requestId={n}
                  pending={mutation.isPending}
                  errors={fieldErrors}
                  onSubmit={(body) => send({ kind: 'collected', body })}
                  onErrors={setFieldErrors}
                  onBack={() => show('none')}
                />
              ) : open === 'not-collected' ? (
                <NotCollectedForm
                  requestId={n}
                  pending={mutation.isPending}
                  errors={fieldErrors}
                  onSubmit={(body) => send({ kind: 'not-collected', body })}
                  onErrors={setFieldErrors}
                  onBack={() => show('none')}
                />
              ) : (
                <>
                  <button type="button" className="button button--primary button--lg vcard__primary" onClick={() => show('collected')}>
                    {texts.action.collect}
                  </button>
                  <button type="button" className="button button--secondary vcard__secondary" onClick={() => show('not-collected')}>
                    {texts.notCollected}
                  </button>
                </>
              )}
            </>
          )}
        </div>
        {done ? null : (
          <dl className="details vcard__details">
            {details.map(({ icon: Icon, label, value }) => (
              <div key={label} className="details__row">
                <dt className="details__term">
                  <Icon size={18} aria-hidden="true" /> {label}
                </dt>
                <dd className="details__value">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </li>
  );
}
