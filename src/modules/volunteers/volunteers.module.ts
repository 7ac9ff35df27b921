import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VolunteersController } from './volunteers.controller';
import { volunteersEntities } from './volunteers.entities';
import { VolunteersRepository } from './volunteers.repository';
import { VolunteersService } from './volunteers.service';

/** The charity's volunteers and drivers (decisions.md, wave 4): the admin resource «المتطوعون». */
@Module({
  imports: [TypeOrmModule.forFeature(volunteersEntities)],
  controllers: [VolunteersController],
  providers: [VolunteersService, VolunteersRepository],
  exports: [VolunteersRepository],
})
export class VolunteersModule {}
