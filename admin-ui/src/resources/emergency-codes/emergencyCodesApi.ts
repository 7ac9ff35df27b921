import { useCreate, useDelete, useNotify, useRefresh, useUpdate } from 'react-admin';
import type { EmergencyCodeRow } from '@shared/api/security';
import { useNotifyError } from '../../providers/useNotifyError';

/** The emergency codes are react-admin's resource 'emergency-codes': list, create, update (PATCH), delete. */
const RESOURCE = 'emergency-codes';

export interface NewEmergencyCode {
  masterCode: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt?: string;
}

/**
 * Creates a code through react-admin (useCreate: every list of codes is read again); the answer carries
 * the full code, shown once.
 */
export function useCreateEmergencyCode() {
  const [create, { isPending }] = useCreate<EmergencyCodeRow>();
  const createCode = (body: NewEmergencyCode) => create(RESOURCE, { data: body }, { returnPromise: true });
  return { createCode, isPending };
}

/** Activate or stop a code, and delete one (useUpdate, useDelete); each with its toast. */
export function useEmergencyCodeActions() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [updateOne, { isPending: updating }] = useUpdate<EmergencyCodeRow>();
  const [deleteOne, { isPending: removing }] = useDelete<EmergencyCodeRow>();
  const update = (row: EmergencyCodeRow, isActive: boolean) =>
    updateOne(
      RESOURCE,
      { id: row.id, data: { isActive }, previousData: row },
      {
        onSuccess: () => {
          notify('app.emergency_codes.updated', { type: 'success' });
          // A stopped code leaves the "active" filter: merging the answer into the lists is not enough.
          refresh();
        },
        onError: (error) => notifyError(error, 'app.emergency_codes.update_failed'),
      },
    );
  const remove = (row: EmergencyCodeRow) =>
    deleteOne(
      RESOURCE,
      { id: row.id, previousData: row },
      {
        onSuccess: () => notify('app.emergency_codes.deleted', { type: 'success' }),
        onError: (error) => notifyError(error, 'app.emergency_codes.delete_failed'),
      },
    );
  return { update, remove, updating, removing };
}
