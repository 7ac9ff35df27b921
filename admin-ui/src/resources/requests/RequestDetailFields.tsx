import { Box, Divider, Typography } from '@mui/material';
import type { AdminRequestRow } from '@shared/api/requests';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { Ltr } from '../../components/Ltr';
import { DualDate, PhoneLinks } from './fields';
import { RequestLocation } from './RequestLocation';

/** Shown for an empty field (decisions.md). */
const EMPTY = '—';

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr' }, gap: { xs: 0.25, sm: 1 }, paddingBlock: 0.75 }}>
    <Typography variant="body2" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ margin: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** One group of fields (a <dl> holds only its terms and values, so the dividers sit between groups). */
const Group = ({ children }: { children: React.ReactNode }) => (
  <Box component="dl" sx={{ margin: 0 }}>
    {children}
  </Box>
);

/** Every field of the request by its Arabic name, the location first among the place's details. */
export const RequestDetailFields = ({ record }: { record: AdminRequestRow }) => (
  <>
    <Group>
      <Row label="اسم المنظم">{record.organizerName}</Row>
      <Row label="رقم الجوال">
        <PhoneLinks phone={record.organizerPhone} />
      </Row>
      <Row label="البريد الإلكتروني">{record.organizerEmail ? <Ltr>{record.organizerEmail}</Ltr> : EMPTY}</Row>
      <Row label="نوع المناسبة">{record.eventTypeLabel}</Row>
      <Row label="تاريخ المناسبة">
        <DualDate date={record.eventDate} />
      </Row>
      <Row label="وقت الانتهاء">
        <Ltr>{record.endTime}</Ltr>
      </Row>
      <Row label="عدد الحضور">{record.attendeeCount}</Row>
      <Row label="أنواع الطعام">{record.foodTypeLabels.join('، ') || EMPTY}</Row>
    </Group>
    <Divider sx={{ marginBlock: 1 }} />
    <Group>
      <Row label="الموقع">
        <RequestLocation record={record} />
      </Row>
      <Row label="المنطقة">{record.areaName ?? EMPTY}</Row>
      <Row label="الحي">{record.districtName ?? EMPTY}</Row>
      <Row label="رقم المبنى">{record.buildingNumber || EMPTY}</Row>
      {/* A place deleted since keeps no label: the address written at submission holds its name, never its code. */}
      <Row label="المكان المهم">{record.importantPlaceLabel ?? (record.importantPlace ? record.fullAddress : null) ?? EMPTY}</Row>
      <Row label="معالم قريبة">{record.landmarks || EMPTY}</Row>
      <Row label="جوال الموقع">{record.locationPhone ? <PhoneLinks phone={record.locationPhone} /> : EMPTY}</Row>
      {record.latitude !== null && record.longitude !== null && (
        <Row label="الموقع على الخريطة">
          <a href={`https://www.google.com/maps?q=${record.latitude},${record.longitude}`} target="_blank" rel="noopener noreferrer">
            فتح في الخرائط
          </a>
        </Row>
      )}
      <Row label="ملاحظات إضافية">{record.additionalNotes || EMPTY}</Row>
    </Group>
    <Divider sx={{ marginBlock: 1 }} />
    <Group>
      <Row label="إشعارات واتساب">{record.whatsappOptIn ? 'وافق العميل على الإشعارات' : 'لم يوافق العميل على الإشعارات'}</Row>
      <Row label="تاريخ الإنشاء">{formatDateTimeWithHijri(new Date(record.createdAt))}</Row>
      {record.cancellationReason && <Row label="سبب الإلغاء">{record.cancellationReason}</Row>}
      {record.weighedKg !== null && <Row label="الوزن الفعلي">{record.weighedKg} كجم</Row>}
    </Group>
  </>
);
