import { HandHeart, ShieldCheck, Truck } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { HOME_SECTIONS } from '../../lib/links';

const ICONS = [Truck, ShieldCheck, HandHeart];

export function ServicesSection() {
  return (
    <section id={HOME_SECTIONS.services} className="section" tabIndex={-1} aria-labelledby="services-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">{ar.services.eyebrow}</p>
          <h2 id="services-title" className="section__title">
            {ar.services.title}
          </h2>
        </header>
        <ul className="card-grid card-grid--3">
          {ar.services.items.map((item, index) => {
            const Icon = ICONS[index] ?? HandHeart;
            return (
              <li key={item.title} className="card service-card">
                <span className="icon-tile icon-tile--lg" aria-hidden="true">
                  <Icon size={28} strokeWidth={1.75} />
                </span>
                <h3 className="card__title">{item.title}</h3>
                <p className="card__body">{item.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
