import { Writable } from 'node:stream';
import * as ExcelJS from 'exceljs';
import { formatHijriAr } from '../../../shared/arabic-date';
import { requestLocation } from '../../../shared/request-location';
import { RIYADH_OFFSET_MINUTES } from '../../../shared/time';
import type { ExportedRequest } from './requests-export.repository';
import { PALETTE } from '../../../common/pdf/palette';

/** The sheet's name (Excel allows 31 characters). */
export const REQUESTS_SHEET = 'الطلبات';

/** The columns, in the order people read the desk (right to left). */
export const REQUESTS_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'رقم الطلب', key: 'id', width: 10 },
  { header: 'الحالة', key: 'status', width: 14 },
  { header: 'نوع المناسبة', key: 'eventType', width: 16 },
  { header: 'تاريخ المناسبة', key: 'eventDate', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'تاريخ المناسبة (هجري)', key: 'eventHijri', width: 22 },
  { header: 'وقت الانتهاء', key: 'endTime', width: 12 },
  { header: 'آخر موعد للاستلام', key: 'deadline', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'الموقع', key: 'place', width: 26 },
  { header: 'العنوان', key: 'address', width: 40 },
  { header: 'معالم قريبة', key: 'landmarks', width: 26 },
  { header: 'اسم المنظم', key: 'name', width: 24 },
  { header: 'الجوال', key: 'phone', width: 14 },
  { header: 'عدد الحضور', key: 'attendees', width: 11 },
  { header: 'أنواع الطعام', key: 'food', width: 30 },
  { header: 'المتطوع', key: 'volunteer', width: 20 },
  { header: 'جوال المتطوع', key: 'volunteerPhone', width: 14 },
  { header: 'عدد الملاحظات الداخلية', key: 'notes', width: 12 },
];

/** Riyadh wall time as a date Excel shows as is (Excel dates carry no zone; Riyadh is +03:00 all year). */
const riyadhExcelDate = (instant: Date) => new Date(instant.getTime() + RIYADH_OFFSET_MINUTES * 60_000);

/**
 * Streams the desk's filtered list as one right-to-left sheet (exceljs's streaming writer: rows leave as
 * they come). Answers how many requests it wrote.
 */
export async function writeRequestsWorkbook(out: Writable, pages: AsyncIterable<ExportedRequest[]>, createdAt: Date): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'جمعية حفظ النعمة بينبع';
  workbook.created = createdAt;
  const sheet = workbook.addWorksheet(REQUESTS_SHEET, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  sheet.columns = REQUESTS_COLUMNS;
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${PALETTE.green.slice(1)}` } };
  header.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  header.commit();

  // Intl's Hijri formatting is slow and a list has few distinct days: each day is formatted once.
  const hijri = new Map<string, string>();
  let count = 0;
  for await (const page of pages) {
    for (const r of page) {
      if (!hijri.has(r.eventDate)) hijri.set(r.eventDate, formatHijriAr(r.eventDate));
      sheet
        .addRow({
          id: r.id,
          status: r.statusLabel,
          eventType: r.eventTypeLabel,
          eventDate: new Date(`${r.eventDate}T00:00:00Z`),
          eventHijri: hijri.get(r.eventDate),
          endTime: r.endTime,
          deadline: riyadhExcelDate(new Date(r.collectionDeadline)),
          place: requestLocation(r).place,
          address: r.fullAddress,
          landmarks: r.landmarks ?? '',
          name: r.organizerName,
          phone: r.organizerPhone,
          attendees: r.attendeeCount,
          food: r.foodTypeLabels.join('، '),
          volunteer: r.volunteerName ?? '',
          volunteerPhone: r.volunteerPhone ?? '',
          notes: r.notesCount,
        })
        .commit();
      count += 1;
    }
    if (hijri.size > 5000) hijri.clear();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
