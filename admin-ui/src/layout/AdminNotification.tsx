import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, Snackbar, SnackbarContent } from '@mui/material';
import { styled } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import {
  CloseNotificationContext,
  NotificationClasses,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { isToastHotkey, TOAST_DURATION_MS, TOAST_HOTKEY } from '@shared/toasts';
import { useSwipeDismiss } from '../components/useSwipeDismiss';

const REGION_LABEL = `التنبيهات (${TOAST_HOTKEY})`;
const CLOSE_LABEL = 'إغلاق التنبيه';

/**
 * react-admin's notifications (useNotify) shown as the spec's toasts (admin spec section 9,
 * decisions.md): one at a time in a labelled region that F8 focuses, closed after 5 s, by Escape,
 * the close button or a swipe to the right of more than 50 px. Errors and warnings are alerts, the rest
 * status messages. Same queue, undo and options as react-admin's <Notification>.
 */
export const AdminNotification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);
  const regionRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const focusWasInside = useRef(false);

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);

  // Leaving the page during an undoable change asks first (as react-admin's Notification does).
  useEffect(() => {
    if (!current?.notificationOptions?.undoable) return;
    const beforeunload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [current]);

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

  const close = useCallback(() => {
    focusWasInside.current = !!regionRef.current?.contains(document.activeElement);
    setOpen(false);
  }, []);
  const swipe = useSwipeDismiss(close);
  const restoreSwipe = swipe.restore;

  const handleExited = useCallback(() => {
    if (current?.notificationOptions?.undoable) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
    setCurrent(undefined);
    restoreSwipe();
    // The focused toast is gone: keep the focus in the region rather than dropping it to the page.
    if (focusWasInside.current) regionRef.current?.focus();
    focusWasInside.current = false;
  }, [current, takeMutation, restoreSwipe]);

  const handleUndo = useCallback(() => {
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo: true });
    else undoableEventEmitter.emit('end', { isUndo: true });
    close();
  }, [takeMutation, close]);

  const { message, type = 'info', notificationOptions = {} } = current ?? {};
  const { autoHideDuration, messageArgs, multiLine, undoable, ...options } = notificationOptions;
  const urgent = type === 'error' || type === 'warning';
  const text = typeof message === 'string' ? translate(message, messageArgs) : isValidElement(message) ? message : null;

  return (
    <Box ref={regionRef} role="region" aria-label={REGION_LABEL} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
      {current ? (
        <CloseNotificationContext.Provider value={close}>
          <StyledSnackbar
            open={open}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            // null keeps a toast until it is closed; undefined takes the spec's 5 s.
            autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION_MS : (autoHideDuration ?? undefined)}
            disableWindowBlurListener={undoable}
            slotProps={{ transition: { onExited: handleExited } }}
            {...options}
          >
            {/* The transition scales this box; the swipe moves the toast inside it. */}
            <div className="AdminNotification-frame">
              <SnackbarContent
                ref={contentRef}
                role={urgent ? 'alert' : 'status'}
                aria-live={urgent ? 'assertive' : 'polite'}
                tabIndex={-1}
                className={[NotificationClasses[type as keyof typeof NotificationClasses], multiLine && NotificationClasses.multiLine]
                  .filter(Boolean)
                  .join(' ')}
                data-swiping={swipe.swiping || undefined}
                style={swipe.style}
                {...swipe.handlers}
                message={text}
                action={
                  <>
                    {undoable ? (
                      <Button color="inherit" size="small" className={NotificationClasses.undo} onClick={handleUndo}>
                        {translate('ra.action.undo')}
                      </Button>
                    ) : null}
                    <IconButton color="inherit" size="small" aria-label={CLOSE_LABEL} onClick={close}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </>
                }
              />
            </div>
          </StyledSnackbar>
        </CloseNotificationContext.Provider>
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
  [`& .${NotificationClasses.success}`]: { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  [`& .${NotificationClasses.error}`]: { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  [`& .${NotificationClasses.warning}`]: { backgroundColor: theme.palette.warning.dark, color: '#ffffff' },
  [`& .${NotificationClasses.multiLine}`]: { whiteSpace: 'pre-wrap' },
}));
