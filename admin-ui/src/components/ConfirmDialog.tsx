import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** A destructive action asked once more; the confirm button is red. */
export const ConfirmDialog = ({
  title,
  text,
  onCancel,
  onConfirm,
  confirmLabel,
}: {
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirmLabel ?? translate('app.shared.confirm_delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
