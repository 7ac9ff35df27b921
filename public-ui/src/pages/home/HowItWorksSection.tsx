import { ar } from '../../i18n/ar';
import { HOME_SECTIONS } from '../../lib/links';
import { LtrText } from '../../components/LtrText';

export function HowItWorksSection() {
  return (
    <section id={HOME_SECTIONS.howItWorks} className="section section--tint" tabIndex={-1} aria-labelledby="how-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">{ar.howItWorks.eyebrow}</p>
          <h2 id="how-title" className="section__title">
            {ar.howItWorks.title}
          </h2>
        </header>
        <ol className="steps">
          {ar.howItWorks.steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                <LtrText>{index + 1}</LtrText>
              </span>
              <div>
                <h3 className="step__title">
                  <span className="visually-hidden">
                    {ar.howItWorks.stepLabel} {index + 1}:{' '}
                  </span>
                  {step.title}
                </h3>
                <p className="step__body">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
