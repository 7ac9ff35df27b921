import { Ban, CircleCheck, CircleDot, Circle } from 'lucide-react';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/labels';
import type { SelfServiceView } from './api';
import { texts } from './texts';
import { When } from './when';

/** The road a request normally takes; a cancelled one stops where it was cancelled. */
const ROAD: readonly RequestStatus[] = ['received', 'reviewing', 'confirmed', 'completed'];

/**
 * The status as a timeline: each change that happened (with its Riyadh time, Gregorian and Hijri, and
 * who made it), the current one marked, and the steps still ahead greyed.
 */
export function StatusTimeline({ request }: { request: SelfServiceView }) {
  const { history, status } = request;
  const reached = new Set(history.map((step) => step.status));
  const ahead =
    status === 'cancelled' || status === 'completed' ? [] : ROAD.filter((s) => !reached.has(s) && ROAD.indexOf(s) > ROAD.indexOf(status));
  return (
    <section className="host-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="host-card__title">
        {texts.timelineHeading}
      </h2>
      <ol className="timeline">
        {history.map((step, index) => {
          const current = index === history.length - 1;
          const cancelled = step.status === 'cancelled';
          const Icon = cancelled ? Ban : current && step.status !== 'completed' ? CircleDot : CircleCheck;
          return (
            <li
              key={`${step.status}-${step.at}`}
              className={`timeline__step timeline__step--done${current ? ' timeline__step--current' : ''}${cancelled ? ' timeline__step--cancelled' : ''}`}
              aria-current={current ? 'step' : undefined}
            >
              <Icon className="timeline__icon" size={22} aria-hidden="true" />
              <div className="timeline__body">
                <p className="timeline__label">{step.statusLabel}</p>
                <p className="timeline__meta">
                  <When iso={step.at} />
                </p>
                <p className="timeline__meta">{index === 0 ? texts.sent : texts.by(step.actorLabel)}</p>
                {step.reason ? (
                  <p className="timeline__reason">
                    {texts.reason} {step.reason}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
        {ahead.map((s) => (
          <li key={s} className="timeline__step timeline__step--ahead">
            <Circle className="timeline__icon" size={22} aria-hidden="true" />
            <div className="timeline__body">
              <p className="timeline__label">{REQUEST_STATUS_LABELS[s]}</p>
              <p className="timeline__meta">{texts.upcoming}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
