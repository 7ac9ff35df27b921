import { Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { formatPhone } from '../lib/phone';

/** The card's words, in the voice of the page that shows it (the host's page, the volunteer's). */
export interface CharityContactWords {
  heading: string;
  body: string;
  call: string;
  noPhone: string;
  contactPage: string;
}

/** The charity's phone (content key contact_phone) as a tap-to-call button, or the contact page without one. */
export function CharityContactCard({ charityPhone, words, id }: { charityPhone: string | null; words: CharityContactWords; id: string }) {
  const phone = formatPhone(charityPhone);
  return (
    <section className="host-card host-card--quiet" aria-labelledby={id}>
      <h2 id={id} className="host-card__title">
        {words.heading}
      </h2>
      <p className="host-card__text">{words.body}</p>
      {phone ? (
        <a className="button button--secondary" href={phone.href}>
          <Phone size={18} aria-hidden="true" /> {words.call} <bdi dir="ltr">{phone.display}</bdi>
        </a>
      ) : (
        <p className="host-card__text">
          {words.noPhone} <Link to={PUBLIC_ROUTES.contact}>{words.contactPage}</Link>
        </p>
      )}
    </section>
  );
}
