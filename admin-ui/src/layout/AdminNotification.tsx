import { isValidElement, useCallback, useEffect, useState } from 'react';
import { Button } from '@mui/material';
import {
  CloseNotificationContext,
  NotificationClasses,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { ToastRegion, type ToastType } from '../components/ToastRegion';

/**
 * react-admin's notifications (useNotify) shown as the spec's toasts (ToastRegion). Same queue, undo and
 * options as react-admin's <Notification>.
 */
export const AdminNotification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);

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

  const close = useCallback(() => setOpen(false), []);

  const handleExited = useCallback(() => {
    if (current?.notificationOptions?.undoable) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
    setCurrent(undefined);
  }, [current, takeMutation]);

  const handleUndo = useCallback(() => {
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo: true });
    else undoableEventEmitter.emit('end', { isUndo: true });
    close();
  }, [takeMutation, close]);

  const { message, type = 'info', notificationOptions = {} } = current ?? {};
  const { autoHideDuration, messageArgs, multiLine, undoable, ...options } = notificationOptions;
  const text = typeof message === 'string' ? translate(message, messageArgs) : isValidElement(message) ? message : null;

  return (
    <CloseNotificationContext.Provider value={close}>
      <ToastRegion
        toast={current ? { text, type: type as ToastType, multiLine } : undefined}
        open={open}
        onClose={close}
        onExited={handleExited}
        autoHideDuration={autoHideDuration}
        keepTimingOnBlur={undoable}
        snackbarProps={options}
        action={
          undoable ? (
            <Button color="inherit" size="small" className={NotificationClasses.undo} onClick={handleUndo}>
              {translate('ra.action.undo')}
            </Button>
          ) : null
        }
      />
    </CloseNotificationContext.Provider>
  );
};
