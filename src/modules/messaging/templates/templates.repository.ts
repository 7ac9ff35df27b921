import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AssuranceTemplateEntity } from '../entities/assurance-template.entity';

/** assurance_templates: the stored components, content SIDs and names of the message templates. */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(key: string): Promise<AssuranceTemplateEntity | null> {
    return this.db.getRepository(AssuranceTemplateEntity).findOne({ where: { key } });
  }

  all(): Promise<AssuranceTemplateEntity[]> {
    return this.db.getRepository(AssuranceTemplateEntity).find();
  }

  async setContentSid(key: string, contentSid: string): Promise<void> {
    await this.db.getRepository(AssuranceTemplateEntity).update({ key }, { contentSid });
  }

  async setName(key: string, name: string): Promise<void> {
    await this.db.getRepository(AssuranceTemplateEntity).update({ key }, { name });
  }
}
