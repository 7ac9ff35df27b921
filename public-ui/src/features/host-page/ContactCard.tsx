import { Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { formatPhone } from '../../lib/phone';
import { texts } from './texts';

/** The charity's phone (content key contact_phone) as a tap-to-call button. */
export function ContactCard({ charityPhone }: { charityPhone: string | null }) {
  const phone = formatPhone(charityPhone);
  return (
    <section className="host-card host-card--quiet" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="host-card__title">
        {texts.contactHeading}
      </h2>
      <p className="host-card__text">{texts.contactBody}</p>
      {phone ? (
        <a className="button button--secondary" href={phone.href}>
          <Phone size={18} aria-hidden="true" /> {texts.callCharity} <bdi dir="ltr">{phone.display}</bdi>
        </a>
      ) : (
        <p className="host-card__text">
          {texts.noPhone} <Link to={PUBLIC_ROUTES.contact}>{texts.contactLink}</Link>
        </p>
      )}
    </section>
  );
}
