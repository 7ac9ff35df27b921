import { Box, Chip, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useTranslate } from 'react-admin';
import type { VolunteerRow } from '@shared/api/volunteers';
import { formatSaudiPhoneDisplay, e164ToSaudiLocal } from '@shared/phone';
import { Ltr } from '../../components/Ltr';
import type { Column } from '../../components/ResponsiveTable';

/** The number as people read it: +966 5X XXX XXXX, left to right inside the Arabic line. */
export const VolunteerPhone = ({ volunteer }: { volunteer: Pick<VolunteerRow, 'whatsapp'> }) => (
  <Ltr>{formatSaudiPhoneDisplay(e164ToSaudiLocal(volunteer.whatsapp) ?? volunteer.whatsapp)}</Ltr>
);

/** Active or paused, as a small chip. */
export const VolunteerStatus = ({ volunteer }: { volunteer: Pick<VolunteerRow, 'active'> }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={volunteer.active ? 'success' : 'default'}
      variant={volunteer.active ? 'filled' : 'outlined'}
      label={translate(volunteer.active ? 'app.volunteers.active' : 'app.volunteers.inactive')}
    />
  );
};

const AREA_LIST = new Intl.ListFormat('ar', { type: 'conjunction' });

/** «كل المناطق» when none is listed (they serve every area). */
export function areasText(translate: (key: string) => string, volunteer: Pick<VolunteerRow, 'areaNames'>): string {
  return volunteer.areaNames.length ? AREA_LIST.format(volunteer.areaNames) : translate('app.volunteers.every_area');
}

/** «3 استلام · 120 كجم», with Western digits like the rest of the admin. */
export function monthText(translate: (key: string, options?: object) => string, volunteer: Pick<VolunteerRow, 'month'>): string {
  const kg = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 1 }).format(volunteer.month.kg);
  return translate('app.volunteers.month_value', { pickups: volunteer.month.pickups, kg });
}

/** The list's columns (a table on wide screens, a card per volunteer on a phone). */
export function useVolunteerColumns(): Column<VolunteerRow>[] {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return [
    {
      label: translate('app.volunteers.name'),
      title: true,
      render: (v) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <MuiLink component={Link} to={createPath({ resource: 'volunteers', type: 'show', id: v.id })} sx={{ fontWeight: 600 }}>
            <bdi>{v.name}</bdi>
          </MuiLink>
          <VolunteerStatus volunteer={v} />
        </Box>
      ),
    },
    { label: translate('app.volunteers.whatsapp'), render: (v) => <VolunteerPhone volunteer={v} /> },
    { label: translate('app.volunteers.areas'), render: (v) => areasText(translate, v) },
    { label: translate('app.volunteers.vehicle'), render: (v) => v.vehicle ?? '—' },
    { label: translate('app.volunteers.month'), render: (v) => monthText(translate, v), sx: { whiteSpace: 'nowrap' } },
  ];
}
