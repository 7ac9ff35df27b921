import { Chip } from '@mui/material';
import type { RequestStatus } from '@shared/labels';
import { deadlineLevel, timeLeftText } from '../../resources/requests/deadline';

/**
 * Time left to collect (event end + 2 hours) as a chip whose text keeps 4.5:1 contrast: red filled
 * when under two hours, otherwise outlined with dark amber (within a day) or green text.
 */
export const DeadlineBadge = ({ deadline, status, now = new Date() }: { deadline: string; status: RequestStatus; now?: Date }) => {
  if (status === 'completed' || status === 'cancelled') return null;
  const level = deadlineLevel(new Date(deadline), now);
  const text = timeLeftText(new Date(deadline), now);
  if (level === 'urgent') return <Chip size="small" color="error" label={text} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={text}
      sx={
        level === 'soon'
          ? { color: 'warning.dark', borderColor: 'warning.main' }
          : level === 'later'
            ? { color: 'success.dark', borderColor: 'success.main' }
            : { color: 'text.secondary' }
      }
    />
  );
};
