import { CHARITY_NAME, openPdf, PAGE_MARGIN } from '../../../common/pdf/document';
import { PALETTE } from '../../../common/pdf/palette';
import { columnWidths, RtlWriter, type Align } from '../../../common/pdf/rtl-writer';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import type { ImpactReportData, ImpactReportHeading } from '../../../shared/api/reports';
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from '../../../shared/constants';
import { eventTypeLabel, IMPACT_PERIOD_TYPE_LABELS, ImpactPeriodType } from '../../../shared/labels';
import { percentage } from '../../../shared/statistics';

const MARGIN = PAGE_MARGIN.report;

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const n = (value: number) => numbers.format(value);
const MONTH_NAMES = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' → 'يونيو 2025'. */
function monthName(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? MONTH_NAMES.format(new Date(`${month}-01T00:00:00Z`)) : month;
}

/** The report's text flowing down the page, onto a new page when the next line or block does not fit. */
class ReportWriter extends RtlWriter {
  y = MARGIN;

  /** The full width between the margins. */
  private get page() {
    return { right: this.doc.page.width - MARGIN, width: this.doc.page.width - 2 * MARGIN };
  }

  protected override lineAt(y: number, height: number): number {
    if (y + height <= this.doc.page.height - MARGIN) return y;
    this.doc.addPage();
    return MARGIN;
  }

  ensure(height: number) {
    this.y = this.lineAt(this.y, height);
  }

  text(text: string, size: number, opts: { bold?: boolean; color?: string; gap?: number; align?: Align } = {}) {
    this.y = this.paragraph(text, this.y, this.page, size, { ...opts, leading: 1.65 }) + (opts.gap ?? 6);
  }

  heading(text: string) {
    this.ensure(60);
    this.y += 10;
    this.font(true, 14, PALETTE.green);
    this.line(text, this.y, this.page);
    this.y += 24;
  }

  /** A table laid out right to left: the first column is the rightmost. */
  table(columns: { title: string; width: number }[], rows: string[][]) {
    const { right, width } = this.page;
    const widths = columnWidths(
      columns.map((c) => c.width),
      width,
    );
    const rowHeight = 26;
    const draw = (cells: string[], header: boolean) => {
      this.ensure(rowHeight);
      this.doc.rect(MARGIN, this.y, width, rowHeight).fill(header ? PALETTE.green : PALETTE.tint);
      this.doc
        .moveTo(MARGIN, this.y + rowHeight)
        .lineTo(right, this.y + rowHeight)
        .strokeColor(PALETTE.line)
        .lineWidth(0.8)
        .stroke();
      let cellRight = right;
      cells.forEach((cell, i) => {
        this.font(header, 11, header ? PALETTE.white : PALETTE.ink);
        this.line(cell, this.y + 6, { right: cellRight - 8, width: widths[i] - 16 });
        cellRight -= widths[i];
      });
      this.y += rowHeight;
    };
    draw(
      columns.map((c) => c.title),
      true,
    );
    for (const row of rows) draw(row, false);
    this.y += 10;
  }
}

/**
 * The impact report as an A4 PDF in Arabic (IBM Plex Sans Arabic, shaped and laid out right to left):
 * title, period with Hijri dates, the figures as tables, event types, monthly trends, stories and the
 * estimates' constants. The admin and the public download get the same document. About a second of CPU
 * for a report at the form's limits: it runs in a worker thread (impact-render.worker.ts), never on the
 * event loop.
 */
export function renderImpactPdf(report: ImpactReportHeading, data: ImpactReportData): Promise<Buffer> {
  const { doc, bytes } = openPdf({
    margin: MARGIN,
    info: { Title: report.title, Subject: 'تقرير الأثر', Author: CHARITY_NAME, CreationDate: new Date(report.createdAt) },
  });

  const w = new ReportWriter(doc);
  w.text(CHARITY_NAME, 11, { color: PALETTE.green, bold: true, gap: 2 });
  w.text(report.title, 22, { bold: true, gap: 4 });
  if (report.description) w.text(report.description, 12, { color: PALETTE.muted });
  const period = IMPACT_PERIOD_TYPE_LABELS[report.periodType as ImpactPeriodType] ?? report.periodType;
  w.text(`الفترة (${period}): من ${formatDateWithHijri(report.startDate)} إلى ${formatDateWithHijri(report.endDate)}`, 11, {
    color: PALETTE.muted,
    gap: 2,
  });
  w.text(`أنشئ في ${formatDateWithHijri(new Date(report.createdAt))}`, 11, { color: PALETTE.muted, gap: 10 });

  w.heading('الأرقام الرئيسية');
  const kgPerMeal = data.constants?.kgPerMeal ?? KG_PER_MEAL;
  const perFamily = data.constants?.mealsPerFamily ?? MEALS_PER_FAMILY;
  const co2Factor = data.constants?.co2ePerKg ?? CO2E_KG_PER_FOOD_KG;
  const figures: string[][] = [
    ['الطلبات المكتملة', n(data.completedRequests)],
    ['الأسر المستفيدة (تقديري)', n(data.familiesBenefited)],
    ['الطعام المحفوظ (كجم)', n(data.totalFoodSaved)],
    ['نسبة النجاح', `${n(data.successRate)}%`],
    ['إجمالي الطلبات', n(data.totalRequests)],
  ];
  if (data.weighedFoodKg !== undefined) figures.push(['منه موزون عند الاستلام (كجم)', n(data.weighedFoodKg)]);
  if (data.estimatedFoodKg !== undefined) figures.push(['منه تقديري (كجم)', n(data.estimatedFoodKg)]);
  if (data.meals !== undefined) figures.push(['الوجبات (تقديري)', n(data.meals)]);
  if (data.co2eKg !== undefined) figures.push(['مكافئ ثاني أكسيد الكربون المتجنب (كجم، تقديري)', n(data.co2eKg)]);
  w.table(
    [
      { title: 'البند', width: 3 },
      { title: 'القيمة', width: 2 },
    ],
    figures,
  );

  const types = Object.entries(data.eventTypeBreakdown ?? {}).sort((a, b) => b[1] - a[1]);
  w.heading('توزيع الطلبات حسب نوع المناسبة');
  if (types.length)
    w.table(
      [
        { title: 'نوع المناسبة', width: 3 },
        { title: 'عدد الطلبات', width: 1.5 },
        { title: 'النسبة', width: 1.5 },
      ],
      types.map(([type, count]) => [
        data.eventTypeLabels?.[type] ?? eventTypeLabel(type),
        n(count),
        `${n(percentage(count, data.totalRequests))}%`,
      ]),
    );
  else w.text('لا توجد طلبات في هذه الفترة', 11, { color: PALETTE.muted });

  w.heading('الاتجاه الشهري');
  if (data.monthlyTrends?.length)
    w.table(
      [
        { title: 'الشهر', width: 2 },
        { title: 'الطلبات', width: 1.5 },
        { title: 'الطعام المحفوظ (كجم)', width: 2 },
      ],
      data.monthlyTrends.map((m) => [monthName(m.month), n(m.requests), n(m.foodSaved)]),
    );
  else w.text('لا توجد بيانات شهرية في هذه الفترة', 11, { color: PALETTE.muted });

  if (data.impactStories?.length) {
    w.heading('قصص الأثر');
    for (const story of data.impactStories) {
      w.text(story.title, 13, { bold: true, gap: 2 });
      if (story.description) w.text(story.description, 11, { gap: 2 });
      if (story.impact) w.text(`الأثر: ${story.impact}`, 11, { color: PALETTE.green });
    }
  }

  w.heading('كيف حُسبت الأرقام');
  w.text(
    `الطعام المحفوظ لكل طلب مكتمل هو الوزن الفعلي حيث سُجل، وإلا التقدير حسب إعدادات الجمعية. الوجبات = الكيلوجرامات ÷ ${kgPerMeal} (420 جراماً للوجبة)، والأسر المستفيدة = الوجبات ÷ ${perFamily} مقربة للأدنى، ومكافئ ثاني أكسيد الكربون = الكيلوجرامات × ${co2Factor}. نسبة النجاح = المكتملة ÷ (كل الطلبات عدا النشطة).`,
    10,
    { color: PALETTE.muted },
  );
  w.text('شكراً لكل من أسهم في حفظ النعمة وإيصالها إلى مستحقيها.', 13, { bold: true, color: PALETTE.green, align: 'center' });

  doc.end();
  return bytes;
}
