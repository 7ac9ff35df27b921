import { DeletedRequestEntity } from './entities/deleted-request.entity';
import { DeletionConfirmationEntity } from './entities/deletion-confirmation.entity';
import { RequestEntity } from './entities/request.entity';
import { RequestNoteEntity } from './entities/request-note.entity';
import { RequestStatusHistoryEntity } from './entities/request-status-history.entity';
import { RequestIdempotencyKeyEntity } from './entities/request-idempotency-key.entity';

export const requestsEntities = [
  RequestEntity,
  DeletedRequestEntity,
  DeletionConfirmationEntity,
  RequestStatusHistoryEntity,
  RequestNoteEntity,
  RequestIdempotencyKeyEntity,
];
