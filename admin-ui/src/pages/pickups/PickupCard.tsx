import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Chip, Dialog, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import MapIcon from '@mui/icons-material/MapOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { useTranslate } from 'react-admin';
import type { PickupRow } from '@shared/api/pickups';
import { mapsLink } from '@shared/pickups';
import { saudiPhoneToE164 } from '@shared/phone';
import { Ltr } from '../../components/Ltr';
import { PhoneLinks, StatusChip } from '../../resources/requests/fields';
import { VolunteerPicker } from '../../resources/requests/VolunteerSection';
import { DeadlineBadge } from './DeadlineBadge';
import { deadlineOf, visuallyHidden } from './pickupFormat';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:{' '}
    </Box>
    {children}
  </Typography>
);

/**
 * One pickup as the driver reads it on a phone: its order in the day, who and where, what to expect,
 * by when, who collects it, and a link that opens the phone's maps app. Prints as a bordered block.
 */
export const PickupCard = ({ pickup: p, order }: { pickup: PickupRow; order: number }) => {
  const translate = useTranslate();
  const deadline = deadlineOf(p);
  const volunteerTel = p.volunteerPhone ? (saudiPhoneToE164(p.volunteerPhone) ?? p.volunteerPhone) : null;
  const [assigning, setAssigning] = useState(false);
  return (
    <Card component="article" aria-labelledby={`pickup-${p.id}`} className="pickup-card" sx={{ breakInside: 'avoid' }}>
      <CardContent sx={{ display: 'grid', gap: 1, padding: 2, '&:last-child': { paddingBlockEnd: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box
            aria-hidden
            sx={{
              inlineSize: 32,
              blockSize: 32,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 700,
              flexShrink: 0,
            }}
          >
            <Ltr>{order}</Ltr>
          </Box>
          <Typography id={`pickup-${p.id}`} variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={visuallyHidden}>
              {translate('app.pickups.order', { n: order })}:{' '}
            </Box>
            {p.organizerName}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              <Ltr>#{p.id}</Ltr>
            </Typography>
          </Typography>
          <StatusChip status={p.status} />
        </Box>

        <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {p.place}
        </Typography>
        {p.address ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', marginBlockStart: -0.5 }}>
            {p.address}
          </Typography>
        ) : null}
        {p.landmarks ? <Detail label={translate('app.pickups.landmarks')}>{p.landmarks}</Detail> : null}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            {translate('app.pickups.deadline')}: <Ltr>{deadline.time}</Ltr>
            {deadline.afterMidnight ? ` (${translate('app.pickups.after_midnight')})` : ''}
          </Typography>
          <DeadlineBadge deadline={p.collectionDeadline} status={p.status} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {p.eventTypeLabel} · {translate('app.pickups.attendees', { count: p.attendeeCount })}
        </Typography>
        {p.foodTypeLabels.length ? (
          <Detail label={translate('app.pickups.food')}>{p.foodTypeLabels.join(translate('app.shared.list_separator'))}</Detail>
        ) : null}

        <PhoneLinks phone={p.organizerPhone} />
        {p.locationPhone ? (
          <Detail label={translate('app.pickups.location_phone')}>
            <Link href={`tel:${saudiPhoneToE164(p.locationPhone) ?? p.locationPhone}`}>
              <Ltr>{p.locationPhone}</Ltr>
            </Link>
          </Detail>
        ) : null}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <PersonIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">
            {translate('app.pickups.assignee')}:{' '}
            {p.volunteerName ? (
              <>
                {p.volunteerName}
                {volunteerTel ? (
                  <>
                    {' '}
                    <Link href={`tel:${volunteerTel}`}>
                      <Ltr>{p.volunteerPhone}</Ltr>
                    </Link>
                  </>
                ) : null}
              </>
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {translate('app.pickups.no_assignee')}
              </Box>
            )}
          </Typography>
          <Button
            size="small"
            className="no-print"
            onClick={() => setAssigning(true)}
            aria-label={translate(p.volunteerName ? 'app.pickups.change_volunteer_of' : 'app.pickups.assign_volunteer_of', { id: p.id })}
            sx={{ minHeight: 44 }}
          >
            {translate(p.volunteerName ? 'app.desk.assignee.change' : 'app.desk.assignee.assign')}
          </Button>
        </Stack>
        {assigning && (
          <Dialog open onClose={() => setAssigning(false)} aria-labelledby={`assign-${p.id}`} fullWidth maxWidth="xs">
            <DialogTitle id={`assign-${p.id}`}>{translate('app.pickups.assign_title', { id: p.id })}</DialogTitle>
            <DialogContent sx={{ paddingBlockStart: '8px !important' }}>
              <VolunteerPicker record={p} onSaved={() => setAssigning(false)} onCancel={() => setAssigning(false)} />
            </DialogContent>
          </Dialog>
        )}

        <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            component="a"
            href={mapsLink(p, [p.place, p.address].filter(Boolean).join(translate('app.shared.list_separator')))}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            startIcon={<MapIcon />}
            aria-label={translate('app.pickups.open_in_maps_label', { name: p.organizerName })}
          >
            {translate('app.pickups.open_in_maps')}
          </Button>
          {p.coordinatesFrom ? (
            <Chip
              size="small"
              variant="outlined"
              label={translate(p.coordinatesFrom === 'gps' ? 'app.pickups.from_gps' : 'app.pickups.from_place')}
            />
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
};
