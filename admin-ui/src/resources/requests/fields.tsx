import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { RequestStatus } from '@shared/labels';
import { REQUEST_STATUS_LABELS } from '@shared/labels';
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { saudiPhoneToE164 } from '@shared/phone';
import { Ltr } from '../../components/Ltr';
import { deadlineLevel, timeLeftText } from './deadline';

const STATUS_COLOURS: Record<RequestStatus, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'> = {
  received: 'info',
  reviewing: 'warning',
  confirmed: 'primary',
  completed: 'success',
  cancelled: 'default',
};

export const StatusChip = ({ status }: { status: RequestStatus }) => (
  <Chip
    size="small"
    color={STATUS_COLOURS[status]}
    variant={status === 'cancelled' ? 'outlined' : 'filled'}
    label={REQUEST_STATUS_LABELS[status]}
  />
);

/** Gregorian date with the Hijri date under it (decisions.md: Hijri beside Gregorian). */
export const DualDate = ({ date }: { date: string }) => (
  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3, whiteSpace: 'nowrap' }}>
    <span>{formatGregorianAr(date)}</span>
    <Typography component="span" variant="caption" color="text.secondary">
      {formatHijriAr(date)}
    </Typography>
  </Box>
);

/** The number as a call link and a WhatsApp link (wa.me takes the international number without +). */
export const PhoneLinks = ({ phone }: { phone: string }) => {
  const translate = useTranslate();
  const e164 = saudiPhoneToE164(phone);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <Link
        href={`tel:${e164 ?? phone}`}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        aria-label={translate('app.desk.phone.call', { phone })}
      >
        <PhoneIcon fontSize="small" aria-hidden />
        <Ltr>{phone}</Ltr>
      </Link>
      {e164 && (
        <Link
          href={`https://wa.me/${e164.slice(1)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={translate('app.desk.phone.whatsapp', { phone })}
          sx={{ display: 'inline-flex', color: '#128C7E' }}
        >
          <WhatsAppIcon fontSize="small" aria-hidden />
        </Link>
      )}
    </Stack>
  );
};

const DEADLINE_COLOURS = { passed: 'default', urgent: 'error', soon: 'warning', later: 'success' } as const;

/** Time left to collect the food (event end + 2 hours); only active requests have one. */
export const DeadlineChip = ({ deadline, status, now = new Date() }: { deadline: string; status: RequestStatus; now?: Date }) => {
  const translate = useTranslate();
  if (status === 'completed' || status === 'cancelled') return <span aria-label={translate('app.desk.deadline.not_applicable')}>—</span>;
  const at = new Date(deadline);
  const level = deadlineLevel(at, now);
  return (
    <Chip
      size="small"
      variant={level === 'later' ? 'outlined' : 'filled'}
      color={DEADLINE_COLOURS[level]}
      label={timeLeftText(at, now)}
      title={translate('app.desk.deadline.last', {
        date: formatGregorianAr(at),
        time: at.toLocaleTimeString('ar-SA-u-nu-latn', { timeZone: 'Asia/Riyadh', hour: '2-digit', minute: '2-digit' }),
      })}
    />
  );
};
