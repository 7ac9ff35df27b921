import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const ConfirmDialog = ({
  title,
  text,
  onCancel,
  onConfirm,
}: {
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
}) => (
  <Dialog open onClose={onCancel} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
    <DialogTitle id="confirm-title">{title}</DialogTitle>
    <DialogContent>
      <DialogContentText>{text}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>إلغاء</Button>
      <Button color="error" variant="contained" onClick={onConfirm}>
        تأكيد الحذف
      </Button>
    </DialogActions>
  </Dialog>
);
