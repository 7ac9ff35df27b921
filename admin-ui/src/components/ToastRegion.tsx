import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Box, IconButton, Snackbar, SnackbarContent, type SnackbarProps } from '@mui/material';
import { styled } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { isToastHotkey, TOAST_DURATION_MS, TOAST_HOTKEY } from '@shared/toasts';
import { toastAr } from '../i18n/ar-login';
import { useSwipeDismiss } from './useSwipeDismiss';

const REGION_LABEL = `${toastAr.region} (${TOAST_HOTKEY})`;
const CLOSE_LABEL = toastAr.close;

export type ToastType = 'info' | 'success' | 'warning' | 'error';

/** react-admin's class names per type (its Notification's), which pages and tests look for. */
export const TOAST_CLASSES = {
  success: 'RaNotification-success',
  warning: 'RaNotification-warning',
  error: 'RaNotification-error',
  multiLine: 'RaNotification-multiLine',
} as const;

export interface ToastContent {
  text: ReactNode;
  type: ToastType;
  multiLine?: boolean;
}

interface ToastRegionProps {
  /** The toast shown, if any (one at a time). */
  toast: ToastContent | undefined;
  open: boolean;
  /** Asked to close: its time ran out, Escape, the close button or a swipe. */
  onClose: () => void;
  /** The closing transition ended: the next toast may come. */
  onExited: () => void;
  /** null keeps the toast until it is closed; undefined takes the spec's 5 s. */
  autoHideDuration?: number | null;
  /** Buttons before the close button (react-admin's undo). */
  action?: ReactNode;
  /** Keeps counting while the window has no focus (an undoable change must end). */
  keepTimingOnBlur?: boolean;
  snackbarProps?: Omit<SnackbarProps, 'open' | 'onClose' | 'children'>;
}

/**
 * The spec's toasts (admin spec section 9, decisions.md), for the admin app (AdminNotification, fed by
 * react-admin's queue) and the light login page alike: one at a time in a labelled region that F8
 * focuses, closed after 5 s, by Escape, the close button or a swipe to the right of more than 50 px.
 * Errors and warnings are alerts, the rest status messages.
 */
export const ToastRegion = ({
  toast,
  open,
  onClose,
  onExited,
  autoHideDuration,
  action,
  keepTimingOnBlur,
  snackbarProps,
}: ToastRegionProps) => {
  const regionRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // F8 from anywhere: to the toast when one is shown, else to the (empty) region.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      event.preventDefault();
      (contentRef.current ?? regionRef.current)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const swipe = useSwipeDismiss(onClose);
  const restoreSwipe = swipe.restore;

  const handleExited = useCallback(() => {
    const focusWasInside = !!regionRef.current?.contains(document.activeElement);
    onExited();
    restoreSwipe();
    // The focused toast is gone: keep the focus in the region rather than dropping it to the page.
    if (focusWasInside) regionRef.current?.focus();
  }, [onExited, restoreSwipe]);

  const urgent = toast?.type === 'error' || toast?.type === 'warning';
  return (
    <Box ref={regionRef} role="region" aria-label={REGION_LABEL} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
      {toast ? (
        <StyledSnackbar
          open={open}
          onClose={onClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION_MS : (autoHideDuration ?? undefined)}
          disableWindowBlurListener={keepTimingOnBlur}
          slotProps={{ transition: { onExited: handleExited } }}
          {...snackbarProps}
        >
          {/* The transition scales this box; the swipe moves the toast inside it. */}
          <div className="AdminNotification-frame">
            <SnackbarContent
              ref={contentRef}
              role={urgent ? 'alert' : 'status'}
              aria-live={urgent ? 'assertive' : 'polite'}
              tabIndex={-1}
              className={[toast.type === 'info' ? null : TOAST_CLASSES[toast.type], toast.multiLine && TOAST_CLASSES.multiLine]
                .filter(Boolean)
                .join(' ')}
              data-swiping={swipe.swiping || undefined}
              style={swipe.style}
              {...swipe.handlers}
              message={toast.text}
              action={
                <>
                  {action}
                  <IconButton color="inherit" size="small" aria-label={CLOSE_LABEL} onClick={onClose}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              }
            />
          </div>
        </StyledSnackbar>
      ) : null}
    </Box>
  );
};

// Colours per type (as react-admin's Notification); the text meets 4.5:1 on each background.
const StyledSnackbar = styled(Snackbar)(({ theme }) => ({
  '& .AdminNotification-frame': { flexGrow: 1 },
  '& .MuiSnackbarContent-root': { cursor: 'grab', userSelect: 'none', flexWrap: 'nowrap' },
  '& .MuiSnackbarContent-root[data-swiping]': { cursor: 'grabbing' },
  '& .MuiSnackbarContent-root:focus-visible': { outline: `3px solid ${theme.palette.secondary.light}`, outlineOffset: 2 },
  '& .MuiSnackbarContent-action': { marginInlineStart: 'auto', marginInlineEnd: -8, paddingInlineStart: 8 },
  [`& .${TOAST_CLASSES.success}`]: { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  [`& .${TOAST_CLASSES.error}`]: { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  [`& .${TOAST_CLASSES.warning}`]: { backgroundColor: theme.palette.warning.dark, color: '#ffffff' },
  [`& .${TOAST_CLASSES.multiLine}`]: { whiteSpace: 'pre-wrap' },
}));
