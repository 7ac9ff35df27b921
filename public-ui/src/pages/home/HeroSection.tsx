import { ArrowDown, Clock, MapPin, MessageCircle } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { HOME_SECTIONS } from '../../lib/links';
import { SectionLink } from '../../components/SectionLink';
import type { ContentReader } from '../../features/content/useContent';

const FACT_ICONS = [Clock, MapPin, MessageCircle];

/** The first screen: the verse, what the charity does in one sentence, and the call to action. */
export function HeroSection({ content }: { content: ContentReader }) {
  return (
    <section id={HOME_SECTIONS.home} className="hero" tabIndex={-1} aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="hero__verse">{content.get('hero_verse', ar.hero.verse)}</p>
          <h1 id="hero-title" className="hero__title">
            {content.get('hero_title', ar.hero.title)}
          </h1>
          <p className="hero__statement">{ar.hero.statement}</p>
          <p className="hero__subtitle">{content.get('hero_subtitle', ar.hero.subtitle)}</p>
          <div className="hero__actions">
            <SectionLink section={HOME_SECTIONS.requestForm} className="button button--accent button--lg">
              {content.get('cta_button_text', ar.hero.cta)}
            </SectionLink>
            <SectionLink section={HOME_SECTIONS.howItWorks} className="button button--ghost-light button--lg">
              {ar.hero.secondary}
              <ArrowDown size={18} aria-hidden="true" />
            </SectionLink>
          </div>
        </div>
        <ul className="hero__facts" aria-label={ar.hero.factsLabel}>
          {ar.hero.facts.map((fact, index) => {
            const Icon = FACT_ICONS[index] ?? Clock;
            return (
              <li key={fact.title} className="hero-fact">
                <span className="hero-fact__icon" aria-hidden="true">
                  <Icon size={22} strokeWidth={1.75} />
                </span>
                <span>
                  <strong className="hero-fact__title">{fact.title}</strong>
                  <span className="hero-fact__body">{fact.body}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
