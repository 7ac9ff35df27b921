import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOGIN_FAILURE_REASONS, type LoginAttemptRow } from '@shared/api/security';
import { Ltr } from '../../components/Ltr';
import type { Column } from '../../components/ResponsiveTable';
import { countryName, formatInstant } from '../../pages/main/format';

type Translate = ReturnType<typeof useTranslate>;

/** Arabic label of a stored failure reason ('سبب آخر' for one this screen does not know). */
export function failureReasonLabel(translate: Translate, value: string | null): string {
  if (!value) return '—';
  return translate(`app.security.failure_reasons.${(LOGIN_FAILURE_REASONS as readonly string[]).includes(value) ? value : 'unknown'}`);
}

export const AttemptResult = ({ row }: { row: LoginAttemptRow }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={row.success ? 'success' : 'error'}
      variant="outlined"
      label={translate(row.success ? 'app.security.attempts.success' : 'app.security.attempts.failure')}
    />
  );
};

export const attemptCountry = (translate: Translate, row: LoginAttemptRow) =>
  countryName(row.countryCode, row.country) ?? translate('app.security.attempts.local_network');

/**
 * The columns of a login attempt: a table on wide screens, a card per attempt on a phone
 * (ResponsiveTable); the security tab and the full list's phone view share them.
 */
export function useLoginAttemptColumns(): Column<LoginAttemptRow>[] {
  const translate = useTranslate();
  return [
    {
      label: translate('app.security.attempts.time'),
      render: (row) => formatInstant(row.attemptedAt) ?? '—',
      sx: { whiteSpace: 'nowrap' },
      title: true,
    },
    { label: translate('app.security.attempts.username'), render: (row) => <Ltr>{row.username}</Ltr> },
    { label: translate('app.security.attempts.result'), render: (row) => <AttemptResult row={row} /> },
    {
      label: translate('app.security.attempts.reason'),
      render: (row) => (row.success ? '—' : failureReasonLabel(translate, row.failureReason)),
    },
    { label: translate('app.security.attempts.address'), render: (row) => (row.ipAddress ? <Ltr>{row.ipAddress}</Ltr> : '—') },
    { label: translate('app.security.attempts.country'), render: (row) => attemptCountry(translate, row) },
  ];
}
