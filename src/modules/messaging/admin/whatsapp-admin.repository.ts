import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';

/** What the dashboard's WhatsApp cards read of the outbox: the test message's attempts. */
@Injectable()
export class WhatsAppAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  attempts(attemptIds: number[]): Promise<AssuranceAttemptEntity[]> {
    return this.db.getRepository(AssuranceAttemptEntity).findBy(attemptIds.map((attemptId) => ({ attemptId })));
  }
}
