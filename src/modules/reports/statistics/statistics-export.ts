import { Writable } from 'node:stream';
import * as ExcelJS from 'exceljs';
import { formatDateTimeWithHijri, formatHijriAr } from '../../../shared/arabic-date';
import { KG_PER_MEAL, MEALS_PER_FAMILY, CO2E_KG_PER_FOOD_KG } from '../../../shared/constants';
import { REQUEST_STATUSES, requestStatusLabel, STATISTICS_PERIOD_LABELS } from '../../../shared/labels';
import type { StatisticsReport } from '../../../shared/statistics';
import { RIYADH_OFFSET_MINUTES, riyadhDateString } from '../../../shared/time';
import type { ExportRow } from './statistics.repository';
import { PALETTE } from '../../../common/pdf/palette';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${PALETTE.green.slice(1)}` } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };

/** Sheet names (Excel allows 31 characters, no : \ / ? * [ ]). */
export const SHEETS = {
  summary: 'الملخص',
  statuses: 'حسب الحالة',
  eventTypes: 'حسب نوع المناسبة',
  requests: 'الطلبات',
} as const;

/**
 * Riyadh wall time as a date Excel shows as is: Excel dates carry no zone, so the instant is shifted by
 * Riyadh's fixed offset (+03:00, no daylight saving) and written as UTC.
 */
function riyadhExcelDate(instant: Date): Date {
  return new Date(instant.getTime() + RIYADH_OFFSET_MINUTES * 60_000);
}

function sheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[]): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(name, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  ws.columns = columns;
  const header = ws.getRow(1);
  header.font = HEADER_FONT;
  header.fill = HEADER_FILL;
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  header.commit();
  return ws;
}

function periodTitle(report: StatisticsReport): string {
  const label = STATISTICS_PERIOD_LABELS[report.period];
  if (!report.date) return label;
  return `${label}: ${report.date}${report.period === 'monthly' ? ` حتى ما قبل ${report.endDate}` : ''}`;
}

/**
 * Streams the statistics workbook to `out` (exceljs's streaming writer: rows are written as they come,
 * so the request list never sits in memory): a summary, per status, per event type, and the requests.
 */
export async function writeStatisticsWorkbook(out: Writable, report: StatisticsReport, pages: AsyncIterable<ExportRow[]>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'جمعية حفظ النعمة بينبع';
  workbook.created = new Date(report.generatedAt);

  const summary = sheet(workbook, SHEETS.summary, [
    { header: 'البند', key: 'item', width: 44 },
    { header: 'القيمة', key: 'value', width: 22 },
    { header: 'ملاحظة', key: 'note', width: 60 },
  ]);
  const rows: [string, string | number, string?][] = [
    ['الفترة', periodTitle(report)],
    ['تاريخ الإنشاء', formatDateTimeWithHijri(new Date(report.generatedAt))],
    ['إجمالي الطلبات', report.totalRequests],
    ...REQUEST_STATUSES.map((s): [string, number] => [`طلبات ${requestStatusLabel(s)}`, report.statusCounts[s]]),
    ['نسبة النجاح (%)', report.successRate, 'المكتملة ÷ (كل الطلبات عدا النشطة)'],
    ['الطعام المحفوظ (كجم)', report.food.totalKg, 'الموزون حيث سُجل، وإلا التقدير'],
    ['منه تقديري (كجم)', report.food.estimatedKg, 'حسب إعدادات حساب الطعام'],
    ['منه موزون (كجم)', report.food.weighedKg, `${report.food.weighedRequests} طلباً موزوناً`],
    ['الوجبات (تقديري)', report.food.meals, `الكيلوجرامات ÷ ${KG_PER_MEAL}`],
    ['الأسر المستفيدة (تقديري)', report.food.familiesBenefited, `الوجبات ÷ ${MEALS_PER_FAMILY}، مقربة للأدنى`],
    ['مكافئ ثاني أكسيد الكربون المتجنب (كجم، تقديري)', report.food.co2eKg, `الكيلوجرامات × ${CO2E_KG_PER_FOOD_KG}`],
  ];
  for (const [item, value, note] of rows) summary.addRow({ item, value, note: note ?? '' }).commit();
  summary.commit();

  const statuses = sheet(workbook, SHEETS.statuses, [
    { header: 'الحالة', key: 'status', width: 20 },
    { header: 'عدد الطلبات', key: 'count', width: 16 },
    { header: 'النسبة (%)', key: 'pct', width: 14 },
  ]);
  for (const s of REQUEST_STATUSES) {
    const count = report.statusCounts[s];
    const pct = report.totalRequests ? Math.round((count / report.totalRequests) * 1000) / 10 : 0;
    statuses.addRow({ status: requestStatusLabel(s), count, pct }).commit();
  }
  statuses.commit();

  const types = sheet(workbook, SHEETS.eventTypes, [
    { header: 'نوع المناسبة', key: 'label', width: 24 },
    { header: 'عدد الطلبات', key: 'count', width: 16 },
    { header: 'النسبة (%)', key: 'pct', width: 14 },
  ]);
  for (const t of report.eventTypes) types.addRow({ label: t.label, count: t.count, pct: t.percentage }).commit();
  types.commit();

  const list = sheet(workbook, SHEETS.requests, [
    { header: 'رقم الطلب', key: 'id', width: 11 },
    { header: 'تاريخ الاستلام', key: 'created', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: 'تاريخ الاستلام (هجري)', key: 'createdHijri', width: 22 },
    { header: 'اسم المنظم', key: 'name', width: 26 },
    { header: 'الجوال', key: 'phone', width: 16 },
    { header: 'نوع المناسبة', key: 'eventType', width: 16 },
    { header: 'تاريخ المناسبة', key: 'eventDate', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'تاريخ المناسبة (هجري)', key: 'eventHijri', width: 22 },
    { header: 'عدد الحضور', key: 'attendees', width: 12 },
    { header: 'الحالة', key: 'status', width: 14 },
    { header: 'المنطقة', key: 'area', width: 14 },
    { header: 'الحي', key: 'district', width: 18 },
    { header: 'الطعام التقديري (كجم)', key: 'estimated', width: 20 },
    { header: 'الطعام الموزون (كجم)', key: 'weighed', width: 20 },
  ]);
  // Intl's Hijri formatting is slow and a period has few distinct days: each day is formatted once.
  const hijriOf = new Map<string, string>();
  const hijri = (day: string): string => {
    let text = hijriOf.get(day);
    if (text === undefined) {
      if (hijriOf.size > 5000) hijriOf.clear();
      text = formatHijriAr(day);
      hijriOf.set(day, text);
    }
    return text;
  };
  let count = 0;
  for await (const page of pages) {
    for (const r of page) {
      const created = new Date(r.createdAt);
      list
        .addRow({
          id: r.id,
          created: riyadhExcelDate(created),
          createdHijri: hijri(riyadhDateString(created)),
          name: r.organizerName,
          phone: r.organizerPhone,
          eventType: r.eventTypeLabel ?? r.eventType,
          eventDate: new Date(`${r.eventDate}T00:00:00Z`),
          eventHijri: hijri(r.eventDate),
          attendees: r.attendeeCount,
          status: requestStatusLabel(r.status),
          area: r.areaName ?? '',
          district: r.districtName ?? '',
          estimated: r.estimatedKg ?? null,
          weighed: r.weighedKg ?? null,
        })
        .commit();
      count += 1;
    }
  }
  list.commit();
  await workbook.commit();
  return count;
}
