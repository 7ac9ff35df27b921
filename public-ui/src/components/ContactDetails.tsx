import type { ReactNode } from 'react';
import { Clock, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { ar } from '../i18n/ar';
import { formatPhone } from '../lib/phone';
import type { ContentReader } from '../features/content/useContent';
import { LtrText } from './LtrText';
import { Skeleton } from './Skeleton';

interface ContactDetailsProps {
  content: ContentReader;
  /** Home uses the seeded hours as fallback; the about, contact and maintenance pages the 9:00–21:00 ones. */
  hoursFallback: 'home' | 'page';
  /** Heading level of each item's title. */
  headingLevel?: 2 | 3;
  showWhatsapp?: boolean;
  layout?: 'grid' | 'list';
}

function Item({
  icon: Icon,
  title,
  headingLevel,
  children,
}: {
  icon: LucideIcon;
  title: string;
  headingLevel: 2 | 3;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="contact-item">
      <span className="icon-tile" aria-hidden="true">
        <Icon size={22} strokeWidth={1.75} />
      </span>
      <div className="contact-item__body">
        <Heading className="contact-item__title">{title}</Heading>
        <div className="contact-item__value">{children}</div>
      </div>
    </li>
  );
}

/** One line of working hours: "السبت - الخميس: 9:00 - 21:00" shows the days, then the times unbroken. */
function HoursLine({ text }: { text: string }) {
  const match = /^([^:]+):\s*(.+)$/.exec(text);
  if (!match) return <p className="hours-line">{text}</p>;
  return (
    <p className="hours-line">
      <span className="hours-line__days">{match[1]}</span>
      <span className="hours-line__time">{match[2]}</span>
    </p>
  );
}

/** Phone, e-mail, address and working hours, all from the content keys with fallbacks. */
export function ContactDetails({ content, hoursFallback, headingLevel = 3, showWhatsapp = false, layout = 'grid' }: ContactDetailsProps) {
  const loading = content.isLoading;
  const phone = formatPhone(content.find('contact_phone'));
  const email = content.find('contact_email');
  const note = content.find('working_hours_note');
  const weekdays = content.get('working_hours_weekdays', hoursFallback === 'home' ? ar.hours.homeWeekdays : ar.hours.pageWeekdays);
  const friday = content.get('working_hours_friday', hoursFallback === 'home' ? ar.hours.homeFriday : ar.hours.pageFriday);

  return (
    <ul className={`contact-details contact-details--${layout}`}>
      <Item icon={Phone} title={ar.common.phone} headingLevel={headingLevel}>
        {loading ? (
          <Skeleton width="10rem" />
        ) : phone ? (
          <>
            <a href={phone.href} className="contact-item__link">
              <LtrText>{phone.display}</LtrText>
            </a>
            {showWhatsapp && phone.whatsapp ? (
              <a href={`https://wa.me/${phone.whatsapp}`} className="contact-item__secondary" target="_blank" rel="noopener noreferrer">
                <MessageCircle size={16} aria-hidden="true" />
                {ar.pages.contact.whatsappAction}
              </a>
            ) : null}
          </>
        ) : (
          <span className="muted">{ar.common.notAvailable}</span>
        )}
      </Item>

      <Item icon={Mail} title={ar.common.email} headingLevel={headingLevel}>
        {loading ? (
          <Skeleton width="12rem" />
        ) : email ? (
          <a href={`mailto:${email}`} className="contact-item__link">
            <LtrText>{email}</LtrText>
          </a>
        ) : (
          <span className="muted">{ar.common.notAvailable}</span>
        )}
      </Item>

      <Item icon={MapPin} title={ar.common.address} headingLevel={headingLevel}>
        {loading ? <Skeleton width="11rem" /> : <p>{content.get('contact_address', ar.defaultAddress)}</p>}
      </Item>

      <Item icon={Clock} title={content.get('working_hours_title', ar.hours.title)} headingLevel={headingLevel}>
        {loading ? (
          <>
            <Skeleton width="12rem" />
            <Skeleton width="9rem" />
          </>
        ) : (
          <>
            <HoursLine text={weekdays} />
            <HoursLine text={friday} />
            {note ? <p className="muted">{note}</p> : null}
          </>
        )}
      </Item>
    </ul>
  );
}
