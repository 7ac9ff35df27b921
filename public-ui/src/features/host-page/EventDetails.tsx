import { CalendarDays, Clock, MapPin, Timer, Users, Utensils, PartyPopper } from 'lucide-react';
import { DateWithHijri } from '../../components/DateWithHijri';
import { formatNumber } from '../../lib/format';
import type { SelfServiceView } from './api';
import { texts } from './texts';
import { When } from './when';

/** What the host wrote about the event, and the collection deadline. */
export function EventDetails({ request }: { request: SelfServiceView }) {
  const { event } = request;
  const rows = [
    { icon: PartyPopper, label: texts.eventType, value: event.typeLabel },
    { icon: CalendarDays, label: texts.eventDate, value: <DateWithHijri value={event.date} /> },
    {
      icon: Clock,
      label: texts.endTime,
      value: (
        <bdi dir="ltr" className="nowrap">
          {event.endTime}
        </bdi>
      ),
    },
    { icon: Users, label: texts.attendees, value: formatNumber(event.attendeeCount) },
    { icon: MapPin, label: texts.place, value: event.place },
    { icon: Utensils, label: texts.foodTypes, value: event.foodTypeLabels.length ? event.foodTypeLabels.join('، ') : texts.none },
  ];
  return (
    <section className="host-card" aria-labelledby="event-heading">
      <h2 id="event-heading" className="host-card__title">
        {texts.eventHeading}
      </h2>
      <dl className="details">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="details__row">
            <dt className="details__term">
              <Icon size={18} aria-hidden="true" /> {label}
            </dt>
            <dd className="details__value">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="deadline">
        <Timer size={20} aria-hidden="true" className="deadline__icon" />
        <div>
          <p className="deadline__label">{texts.deadline}</p>
          <p className="deadline__value">
            <When iso={request.collectionDeadline} />
          </p>
          <p className="deadline__note">{texts.deadlineNote}</p>
        </div>
      </div>
    </section>
  );
}
