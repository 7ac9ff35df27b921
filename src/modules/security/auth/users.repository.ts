import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserEntity } from '../entities/user.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** users: the administrator accounts. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get users() {
    return this.db.getRepository(UserEntity);
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { username } });
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  /** The oldest account (the first administrator). */
  firstUser(): Promise<UserEntity | null> {
    return this.users.findOne({ where: {}, order: { id: 'ASC' } });
  }

  /** Written in the caller's transaction, with the request's clearing and the end of the sessions. */
  async setPassword(scope: DbScope, id: number, hash: string, changedAt: Date): Promise<void> {
    await managerOf(scope).update(UserEntity, { id }, { password: hash, passwordChangedAt: changedAt });
  }
}
