import { Box, Divider, Typography } from '@mui/material';
import type { AdminRequestRow } from '@shared/api/requests';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { useTranslate } from 'react-admin';
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
export const RequestDetailFields = ({ record }: { record: AdminRequestRow }) => {
  const translate = useTranslate();
  return (
    <>
      <Group>
        <Row label={translate('app.desk.archive.organizer')}>{record.organizerName}</Row>
        <Row label={translate('app.desk.detail.phone')}>
          <PhoneLinks phone={record.organizerPhone} />
        </Row>
        <Row label={translate('app.desk.detail.email')}>{record.organizerEmail ? <Ltr>{record.organizerEmail}</Ltr> : EMPTY}</Row>
        <Row label={translate('app.desk.filters.event_type')}>{record.eventTypeLabel}</Row>
        <Row label={translate('app.desk.archive.event_date')}>
          <DualDate date={record.eventDate} />
        </Row>
        <Row label={translate('app.desk.detail.end_time')}>
          <Ltr>{record.endTime}</Ltr>
        </Row>
        <Row label={translate('app.desk.detail.attendees')}>{record.attendeeCount}</Row>
        <Row label={translate('app.desk.detail.food_types')}>
          {record.foodTypeLabels.join(translate('app.shared.list_separator')) || EMPTY}
        </Row>
      </Group>
      <Divider sx={{ marginBlock: 1 }} />
      <Group>
        <Row label={translate('app.desk.archive.location')}>
          <RequestLocation record={record} />
        </Row>
        <Row label={translate('app.desk.filters.area')}>{record.areaName ?? EMPTY}</Row>
        <Row label={translate('app.desk.detail.district')}>{record.districtName ?? EMPTY}</Row>
        <Row label={translate('app.desk.detail.building')}>{record.buildingNumber || EMPTY}</Row>
        {/* A place deleted since keeps no label: the address written at submission holds its name, never its code. */}
        <Row label={translate('app.desk.filters.place')}>
          {record.importantPlaceLabel ?? (record.importantPlace ? record.fullAddress : null) ?? EMPTY}
        </Row>
        <Row label={translate('app.desk.detail.landmarks')}>{record.landmarks || EMPTY}</Row>
        <Row label={translate('app.desk.detail.location_phone')}>
          {record.locationPhone ? <PhoneLinks phone={record.locationPhone} /> : EMPTY}
        </Row>
        {record.latitude !== null && record.longitude !== null && (
          <Row label={translate('app.desk.detail.map')}>
            <a href={`https://www.google.com/maps?q=${record.latitude},${record.longitude}`} target="_blank" rel="noopener noreferrer">
              {translate('app.desk.detail.open_map')}
            </a>
          </Row>
        )}
        <Row label={translate('app.desk.detail.notes')}>{record.additionalNotes || EMPTY}</Row>
      </Group>
      <Divider sx={{ marginBlock: 1 }} />
      <Group>
        <Row label={translate('app.desk.detail.whatsapp')}>
          {record.whatsappOptIn ? translate('app.desk.detail.opted_in') : translate('app.desk.detail.opted_out')}
        </Row>
        <Row label={translate('app.desk.list.created')}>{formatDateTimeWithHijri(new Date(record.createdAt))}</Row>
        {record.cancellationReason && <Row label={translate('app.desk.detail.cancellation_reason')}>{record.cancellationReason}</Row>}
        {record.weighedKg !== null && (
          <Row label={translate('app.desk.detail.weighed')}>{translate('app.desk.detail.weighed_kg', { kg: record.weighedKg })}</Row>
        )}
      </Group>
    </>
  );
};
