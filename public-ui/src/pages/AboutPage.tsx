import { BadgeCheck, Eye, HeartHandshake, Target } from 'lucide-react';
import { ar } from '../i18n/ar';
import { HOME_SECTIONS } from '../lib/links';
import { formatNumber } from '../lib/format';
import { ABOUT_CLAIMS } from '@shared/content-keys';
import { parseIntegerInput } from '@shared/digits';
import { DateWithHijri } from '../components/DateWithHijri';
import { PAGE_CONTENT_STALE_TIME, useContent } from '../features/content/useContent';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { LtrText } from '../components/LtrText';
import { Skeleton } from '../components/Skeleton';
import { ContactDetails } from '../components/ContactDetails';
import { SectionLink } from '../components/SectionLink';

const t = ar.pages.about;

/** The about page's figures: the administrators' own (content screen), else the spec's. */
const MILESTONE_LABELS: Record<string, string> = {
  about_founded_year: t.founded,
  about_meals: t.meals,
  about_families: t.families,
  about_events: t.events,
  about_volunteers: t.volunteers,
};

export default function AboutPage() {
  const content = useContent({ staleTime: PAGE_CONTENT_STALE_TIME });
  const charityName = content.get('charity_name', ar.charityName);
  const license = content.find('license_number');
  const registrationDate = content.find('registration_date');
  const entity = content.find('government_entity');

  return (
    <>
      <PageTitle title={t.title} />
      <PageHeader eyebrow={charityName} title={t.title} lead={content.get('site_slogan', t.lead)} />

      <section className="section section--flush-top" aria-labelledby="about-numbers">
        <div className="container">
          <h2 id="about-numbers" className="visually-hidden">
            {t.numbersTitle}
          </h2>
          <ul className="milestones">
            {ABOUT_CLAIMS.map((claim) => {
              const value = parseIntegerInput(content.find(claim.key)) ?? claim.fallback;
              return (
                <li key={claim.key} className="milestone">
                  {claim.more ? <span className="milestone__more">{t.more}</span> : null}
                  <span className="milestone__value">
                    {content.isLoading ? <Skeleton width="4rem" /> : <LtrText>{claim.year ? String(value) : formatNumber(value)}</LtrText>}
                  </span>
                  <span className="milestone__label">{MILESTONE_LABELS[claim.key]}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="section section--flush-top" aria-labelledby="about-story">
        <div className="container about-story">
          <div className="prose">
            <h2 id="about-story" className="section__title">
              {t.storyTitle}
            </h2>
            <p>{t.story}</p>
          </div>
          <ul className="card-grid card-grid--3 about-pillars">
            <li className="card">
              <span className="icon-tile" aria-hidden="true">
                <Target size={22} strokeWidth={1.75} />
              </span>
              <h3 className="card__title">{t.missionTitle}</h3>
              <p className="card__body">{t.mission}</p>
            </li>
            <li className="card">
              <span className="icon-tile" aria-hidden="true">
                <Eye size={22} strokeWidth={1.75} />
              </span>
              <h3 className="card__title">{t.visionTitle}</h3>
              <p className="card__body">{t.vision}</p>
            </li>
            <li className="card">
              <span className="icon-tile" aria-hidden="true">
                <HeartHandshake size={22} strokeWidth={1.75} />
              </span>
              <h3 className="card__title">{t.valuesTitle}</h3>
              <ul className="check-list">
                {t.values.map((value) => (
                  <li key={value}>{value}</li>
                ))}
              </ul>
            </li>
          </ul>
        </div>
      </section>

      <div className="section section--tint">
        <div className="container about-license">
          <section aria-labelledby="about-license">
            <h2 id="about-license" className="subsection-title">
              {t.licenseTitle}
            </h2>
            <div className="card license-card">
              <span className="icon-tile icon-tile--lg" aria-hidden="true">
                <BadgeCheck size={28} strokeWidth={1.75} />
              </span>
              <div>
                <p className="license-card__title">{content.get('registration_title', ar.footer.registrationTitle)}</p>
                <dl className="facts">
                  <div>
                    <dt>{ar.footer.licenseNumber}</dt>
                    <dd>{content.isLoading ? <Skeleton width="6rem" /> : license ? <LtrText>{license}</LtrText> : ar.common.dash}</dd>
                  </div>
                  <div>
                    <dt>{ar.footer.registrationDate}</dt>
                    <dd>
                      {content.isLoading ? (
                        <Skeleton width="8rem" />
                      ) : registrationDate ? (
                        <DateWithHijri value={registrationDate} />
                      ) : (
                        ar.common.dash
                      )}
                    </dd>
                  </div>
                  {entity ? (
                    <div>
                      <dt>{t.governmentEntity}</dt>
                      <dd>{entity}</dd>
                    </div>
                  ) : null}
                </dl>
              </div>
            </div>
          </section>
          <section aria-labelledby="about-contact">
            <h2 id="about-contact" className="subsection-title">
              {t.contactTitle}
            </h2>
            <ContactDetails content={content} hoursFallback="page" layout="list" />
          </section>
        </div>
      </div>

      <section className="section" aria-labelledby="about-cta">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2 id="about-cta" className="cta-band__title">
                {t.ctaTitle}
              </h2>
              <p className="cta-band__body">{t.ctaBody}</p>
            </div>
            <SectionLink section={HOME_SECTIONS.requestForm} className="button button--accent button--lg">
              {t.ctaButton}
            </SectionLink>
          </div>
        </div>
      </section>
    </>
  );
}
