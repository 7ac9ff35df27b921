import { useNotify, useRedirect } from 'react-admin';
import type { VolunteerInput, VolunteerRow } from '@shared/api/volunteers';
import { useNotifyError } from '../../providers/useNotifyError';

/** What the form sends: its own fields, never the figures the list shows beside them. */
export function volunteerBody(data: Partial<VolunteerRow> & { consent?: boolean }): VolunteerInput {
  const { name = '', whatsapp = '', areas, vehicle, notes, active, consent } = data;
  return { name, whatsapp, areas, vehicle: vehicle || null, notes: notes || null, active, ...(consent ? { consent } : {}) };
}

/** After a save: the toast, and the volunteer's page; or the server's reason (fields it names show in place). */
export function useVolunteerSave(done: 'app.volunteers.created' | 'app.volunteers.updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const fail = useNotifyError();
  return {
    onSuccess: (record: VolunteerRow) => {
      notify(done, { type: 'success' });
      redirect('show', 'volunteers', record.id);
    },
    onError: (error: unknown) => fail(error, 'app.volunteers.save_failed'),
  };
}
