import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** A destructive action asked once more; the confirm button is red. */
export const ConfirmDialog = ({
  title,
  text,
  onCancel,
  onConfirm,
  confirmLabel = 'تأكيد الحذف',
}: {
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
}) => (
  <Dialog open onClose={onCancel} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
    <DialogTitle id="confirm-title">{title}</DialogTitle>
    <DialogContent>
      <DialogContentText>{text}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>إلغاء</Button>
      <Button color="error" variant="contained" onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);
