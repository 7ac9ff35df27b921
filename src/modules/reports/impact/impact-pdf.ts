import { createRequire } from 'node:module';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import type { ImpactReportData, ImpactReportHeading } from '../../../shared/api/reports';
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from '../../../shared/constants';
import { eventTypeLabel, IMPACT_PERIOD_TYPE_LABELS, ImpactPeriodType } from '../../../shared/labels';
import { percentage } from '../../../shared/statistics';
import { forceRightToLeft, pdfLine, wrapWords } from './rtl-text';

// Resolved from the app's folder (the fonts ship in an npm package; the server also runs as ESM in tests).
const resolver = createRequire(join(process.cwd(), 'package.json'));
const FONT_REGULAR = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf');
const FONT_BOLD = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf');

const GREEN = '#1F6F4A';
const INK = '#1D2A24';
const MUTED = '#5B6B63';
const LINE = '#D5DED8';
const TINT = '#EEF5F1';
const MARGIN = 48;
/**
 * Any feature list makes PDFKit lay a line out as one run; without one it lays out word by word, and
 * each word would be reversed on its own.
 */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const n = (value: number) => numbers.format(value);
const MONTH_NAMES = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' → 'يونيو 2025'. */
function monthName(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? MONTH_NAMES.format(new Date(`${month}-01T00:00:00Z`)) : month;
}

class RtlWriter {
  y = MARGIN;
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get right() {
    return this.doc.page.width - MARGIN;
  }
  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  font(bold: boolean, size: number, color = INK) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    forceRightToLeft(this.doc);
  }

  ensure(height: number) {
    if (this.y + height > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  /** One logical line drawn right-aligned in [right - width, right], or centred. */
  line(text: string, opts: { right?: number; width?: number; align?: 'right' | 'center' | 'left'; y?: number } = {}) {
    const prepared = pdfLine(text);
    const w = this.doc.widthOfString(prepared, { features: WHOLE_RUN });
    const right = opts.right ?? this.right;
    const width = opts.width ?? this.width;
    const x = opts.align === 'center' ? right - width / 2 - w / 2 : opts.align === 'left' ? right - width : right - w;
    this.doc.text(prepared, x, opts.y ?? this.y, { lineBreak: false, features: WHOLE_RUN });
  }

  paragraph(text: string, size: number, opts: { bold?: boolean; color?: string; gap?: number; align?: 'right' | 'center' } = {}) {
    this.font(opts.bold ?? false, size, opts.color ?? INK);
    const lineHeight = size * 1.65;
    for (const line of wrapWords(text, this.width, (s) => this.doc.widthOfString(s, { features: WHOLE_RUN }))) {
      this.ensure(lineHeight);
      this.line(line, { align: opts.align });
      this.y += lineHeight;
    }
    this.y += opts.gap ?? 6;
  }

  heading(text: string) {
    this.ensure(60);
    this.y += 10;
    this.font(true, 14, GREEN);
    this.line(text);
    this.y += 24;
  }

  /** A table laid out right to left: the first column is the rightmost. */
  table(columns: { title: string; width: number }[], rows: string[][]) {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const rowHeight = 26;
    const draw = (cells: string[], header: boolean) => {
      this.ensure(rowHeight);
      let right = this.right;
      if (header) this.doc.rect(MARGIN, this.y, this.width, rowHeight).fill(GREEN);
      else this.doc.rect(MARGIN, this.y, this.width, rowHeight).fill(TINT);
      this.doc
        .moveTo(MARGIN, this.y + rowHeight)
        .lineTo(this.right, this.y + rowHeight)
        .strokeColor(LINE)
        .lineWidth(0.8)
        .stroke();
      cells.forEach((cell, i) => {
        this.font(header, 11, header ? '#FFFFFF' : INK);
        this.line(cell, { right: right - 8, width: widths[i] - 16, y: this.y + 6 });
        right -= widths[i];
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'ar',
    displayTitle: true,
    info: { Title: report.title, Subject: 'تقرير الأثر', Author: 'جمعية حفظ النعمة بينبع', CreationDate: new Date(report.createdAt) },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const w = new RtlWriter(doc);
  w.paragraph('جمعية حفظ النعمة بينبع', 11, { color: GREEN, bold: true, gap: 2 });
  w.paragraph(report.title, 22, { bold: true, gap: 4 });
  if (report.description) w.paragraph(report.description, 12, { color: MUTED });
  const period = IMPACT_PERIOD_TYPE_LABELS[report.periodType as ImpactPeriodType] ?? report.periodType;
  w.paragraph(`الفترة (${period}): من ${formatDateWithHijri(report.startDate)} إلى ${formatDateWithHijri(report.endDate)}`, 11, {
    color: MUTED,
    gap: 2,
  });
  w.paragraph(`أنشئ في ${formatDateWithHijri(new Date(report.createdAt))}`, 11, { color: MUTED, gap: 10 });

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
  else w.paragraph('لا توجد طلبات في هذه الفترة', 11, { color: MUTED });

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
  else w.paragraph('لا توجد بيانات شهرية في هذه الفترة', 11, { color: MUTED });

  if (data.impactStories?.length) {
    w.heading('قصص الأثر');
    for (const story of data.impactStories) {
      w.paragraph(story.title, 13, { bold: true, gap: 2 });
      if (story.description) w.paragraph(story.description, 11, { gap: 2 });
      if (story.impact) w.paragraph(`الأثر: ${story.impact}`, 11, { color: GREEN });
    }
  }

  w.heading('كيف حُسبت الأرقام');
  w.paragraph(
    `الطعام المحفوظ لكل طلب مكتمل هو الوزن الفعلي حيث سُجل، وإلا التقدير حسب إعدادات الجمعية. الوجبات = الكيلوجرامات ÷ ${kgPerMeal} (420 جراماً للوجبة)، والأسر المستفيدة = الوجبات ÷ ${perFamily} مقربة للأدنى، ومكافئ ثاني أكسيد الكربون = الكيلوجرامات × ${co2Factor}. نسبة النجاح = المكتملة ÷ (كل الطلبات عدا النشطة).`,
    10,
    { color: MUTED },
  );
  w.paragraph('شكراً لكل من أسهم في حفظ النعمة وإيصالها إلى مستحقيها.', 13, { bold: true, color: GREEN, align: 'center' });

  doc.end();
  return done;
}
