import { useState } from 'react';
import { CalendarCheck, Copy, Download, Eye, HandHeart, Heart, Percent, Scale } from 'lucide-react';
import { EVENT_TYPE_LABELS, IMPACT_PERIOD_TYPE_LABELS, type EventType, type ImpactPeriodType } from '@shared/labels';
import { percentage } from '@shared/statistics';
import { DateWithHijri } from '../../components/DateWithHijri';
import { formatNumber } from '../../lib/format';
import { copyText, downloadImpactPdf, IMPACT_ERRORS, type ImpactReport, type ImpactReportData } from './api';
import { FIGURE_LABELS } from '@shared/figure-labels';

const decimals = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 1 });
const months = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (m: string) => (/^\d{4}-\d{2}$/.test(m) ? months.format(new Date(`${m}-01T00:00:00Z`)) : m);

function typeLabel(type: string, data: ImpactReportData): string {
  return data.eventTypeLabels?.[type] ?? EVENT_TYPE_LABELS[type as EventType] ?? type;
}

/** A loaded report: actions, title, period, views, four figures, event types, months, stories, thanks. */
export function ImpactReportView({ report, data }: { report: ImpactReport; data: ImpactReportData }) {
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const copy = async () => {
    const ok = await copyText(window.location.href);
    setNotice(ok ? { kind: 'ok', text: IMPACT_ERRORS.copied } : { kind: 'error', text: window.location.href });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadImpactPdf(report.shareToken, report.title);
      setNotice(null);
    } catch {
      setNotice({ kind: 'error', text: IMPACT_ERRORS.failed });
    } finally {
      setDownloading(false);
    }
  };
  const types = Object.entries(data.eventTypeBreakdown).sort((a, b) => b[1] - a[1]);
  const stats = [
    { icon: CalendarCheck, label: FIGURE_LABELS.completedRequests, value: formatNumber(data.completedRequests), estimate: false },
    { icon: HandHeart, label: FIGURE_LABELS.familiesBenefited, value: formatNumber(data.familiesBenefited), estimate: true },
    {
      icon: Scale,
      label: FIGURE_LABELS.foodSavedKg,
      value: decimals.format(data.totalFoodSaved),
      estimate: data.estimatedFoodKg !== 0,
    },
    { icon: Percent, label: FIGURE_LABELS.successRate, value: `${decimals.format(data.successRate)}%`, estimate: false },
  ];

  return (
    <article className="impact" aria-labelledby="impact-title">
      <div className="impact__actions">
        <button type="button" className="button button--secondary" onClick={copy}>
          <Copy size={18} aria-hidden="true" /> نسخ الرابط
        </button>
        <button type="button" className="button button--primary" onClick={download} disabled={downloading}>
          <Download size={18} aria-hidden="true" /> {downloading ? 'جارٍ التحميل…' : 'تحميل PDF'}
        </button>
      </div>
      {notice ? (
        <p className={`impact__notice impact__notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.kind === 'error' && notice.text === window.location.href ? `انسخ الرابط: ${notice.text}` : notice.text}
        </p>
      ) : null}

      <header className="impact__head">
        <p className="impact__eyebrow">{IMPACT_PERIOD_TYPE_LABELS[report.periodType as ImpactPeriodType] ?? 'تقرير الأثر'}</p>
        <h1 id="impact-title" className="impact__title">
          {report.title}
        </h1>
        {report.description ? <p className="impact__lead">{report.description}</p> : null}
        <p className="impact__meta">
          <span>
            من <DateWithHijri value={report.startDate} /> إلى <DateWithHijri value={report.endDate} />
          </span>
          <span className="impact__views">
            <Eye size={16} aria-hidden="true" /> {formatNumber(report.views)} مشاهدة
          </span>
        </p>
      </header>

      <ul className="impact__stats" aria-label="أرقام التقرير">
        {stats.map(({ icon: Icon, label, value, estimate }) => (
          <li key={label} className="impact-stat">
            <Icon size={22} aria-hidden="true" className="impact-stat__icon" />
            <strong className="impact-stat__value">{value}</strong>
            <span className="impact-stat__label">{label}</span>
            {estimate ? <span className="badge badge--estimate">تقديري</span> : null}
          </li>
        ))}
      </ul>

      <section className="impact__section" aria-labelledby="impact-types">
        <h2 id="impact-types">توزيع المناسبات</h2>
        {types.length ? (
          <ul className="impact-bars">
            {types.map(([type, count]) => {
              const pct = percentage(count, data.totalRequests);
              return (
                <li key={type} className="impact-bar">
                  <span className="impact-bar__label">{typeLabel(type, data)}</span>
                  <span className="impact-bar__track" aria-hidden="true">
                    <span className="impact-bar__fill" style={{ inlineSize: `${Math.min(100, pct)}%` }} />
                  </span>
                  <span className="impact-bar__value">
                    {decimals.format(pct)}% <span className="impact-bar__count">({formatNumber(count)})</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="impact__empty">لا توجد طلبات في هذه الفترة.</p>
        )}
      </section>

      <section className="impact__section" aria-labelledby="impact-months">
        <h2 id="impact-months">الاتجاه الشهري</h2>
        {data.monthlyTrends.length ? (
          <ul className="impact-months">
            {data.monthlyTrends.map((m) => (
              <li key={m.month}>
                <span className="impact-months__month">{monthName(m.month)}</span>
                <span>{formatNumber(m.requests)} طلب</span>
                <span>{decimals.format(m.foodSaved)} كجم</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="impact__empty">لا توجد بيانات شهرية.</p>
        )}
      </section>

      {data.impactStories?.length ? (
        <section className="impact__section" aria-labelledby="impact-stories">
          <h2 id="impact-stories">قصص الأثر</h2>
          <ul className="impact-stories">
            {data.impactStories.map((story, i) => (
              <li key={i} className="card impact-story">
                <h3>{story.title}</h3>
                {story.description ? <p>{story.description}</p> : null}
                {story.impact ? <p className="impact-story__impact">{story.impact}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="impact__note">
        الأرقام المعلَّمة «تقديري» محسوبة: الوجبات = الكيلوغرامات ÷ {data.constants?.kgPerMeal ?? 0.42}، والأسر = الوجبات ÷{' '}
        {data.constants?.mealsPerFamily ?? 5}؛ والوزن الفعلي يحل محل التقدير حيث سُجل.
      </p>

      <footer className="impact__thanks">
        <Heart size={28} aria-hidden="true" />
        <p className="impact__thanks-title">شكراً لكل من أسهم في حفظ النعمة</p>
        <p>
          أُعدّ هذا التقرير في <DateWithHijri value={report.createdAt} />
        </p>
      </footer>
    </article>
  );
}
