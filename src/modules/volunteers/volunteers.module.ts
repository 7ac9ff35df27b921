import { Global, Module } from '@nestjs/common';
import { ASSIGNMENT_NOTICES } from '../requests/admin/assignment-notices';
import { VolunteerAssignmentNotices } from './page/volunteer-assignment-notices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VolunteerLinks } from './page/volunteer-links';
import { VolunteerPageController } from './page/volunteer-page.controller';
import { VolunteerPageRepository } from './page/volunteer-page.repository';
import { VolunteerPageService } from './page/volunteer-page.service';
import { VolunteersController } from './volunteers.controller';
import { volunteersEntities } from './volunteers.entities';
import { VolunteersRepository } from './volunteers.repository';
import { VolunteersService } from './volunteers.service';

/**
 * The charity's volunteers and drivers (decisions.md, wave 4): the admin resource «المتطوعون» and the
 * volunteer's own page (/t/{token}), whose actions change the request through the requests module's
 * status service (exported by the global RequestsModule).
 */
// Global only for what it exports: the requests module's port for telling volunteers of an assignment.
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(volunteersEntities)],
  controllers: [VolunteersController, VolunteerPageController],
  providers: [
    VolunteersService,
    VolunteersRepository,
    VolunteerLinks,
    VolunteerPageService,
    VolunteerPageRepository,
    VolunteerAssignmentNotices,
    { provide: ASSIGNMENT_NOTICES, useExisting: VolunteerAssignmentNotices },
  ],
  exports: [ASSIGNMENT_NOTICES],
})
export class VolunteersModule {}
