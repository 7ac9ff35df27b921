import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { DeleteRequestDialog } from './DeleteRequestDialog';

/** A row's own delete (spec: each row has a delete confirmation dialog); the click never opens the row. */
export const RowDeleteButton = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.desk.delete.row')}>
        <IconButton
          color="error"
          aria-label={translate('app.desk.delete.row_label', { id })}
          onClick={(e) => {
            e.stopPropagation();
            setConfirm(true);
          }}
          sx={{ width: 44, height: 44 }}
        >
          <DeleteIcon />
        </IconButton>
      </Tooltip>
      {confirm && (
        // The dialog is portalled, but React still bubbles its clicks to the row: stop them here.
        <span onClick={(e) => e.stopPropagation()}>
          <DeleteRequestDialog ids={[id]} onClose={() => setConfirm(false)} />
        </span>
      )}
    </>
  );
};
