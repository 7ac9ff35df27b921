import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useTranslate } from 'react-admin';
import { BackIcon } from './DirectionalIcons';

/** A create or edit view's way back to its resource's list; `label` is an ar.ts key (the list's name). */
export const BackToListButton = ({ resource, label }: { resource: string; label: string }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Button component={Link} to={createPath({ resource, type: 'list' })} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
      {translate(label)}
    </Button>
  );
};
