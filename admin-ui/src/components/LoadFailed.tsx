import { Alert, AlertTitle, Button, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';

interface LoadFailedProps {
  /** Reads again: the failed query's `refetch`. */
  onRetry: () => unknown;
  /** The failed read's error: the alert says why (the server's Arabic message, or why no answer came). */
  error?: unknown;
  /**
   * What could not be loaded, a catalogue key («تعذّر تحميل الأماكن»): the alert's text, or with `error`
   * the text when the error itself says nothing more.
   */
  message?: string;
  /** A catalogue key shown as the alert's title, above the reason. */
  title?: string;
  sx?: SxProps<Theme>;
}

/**
 * A read that failed (spec: "retry button appears if loading fails"): an alert that says what could not
 * be loaded, or why, with «إعادة المحاولة». Every screen's failed read shows this one component.
 */
export const LoadFailed = ({ onRetry, error, message, title, sx }: LoadFailedProps) => {
  const translate = useTranslate();
  const text =
    error === undefined
      ? translate(message ?? 'app.common.load_failed')
      : errorMessage(error, translate, message ?? 'app.common.load_failed');
  return (
    <Alert
      severity="error"
      data-testid="load-failed"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
          {translate('app.common.retry')}
        </Button>
      }
    >
      {title ? <AlertTitle>{translate(title)}</AlertTitle> : null}
      {text}
    </Alert>
  );
};
