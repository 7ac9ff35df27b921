import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Public } from '../../src/common/auth/public.decorator';
import { CurrentAdmin } from '../../src/common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../src/common/auth/current-admin.decorator';
import { RateLimit } from '../../src/common/rate-limit/rate-limit.decorator';

class EchoDto {
  @IsString({ message: 'يرجى إدخال الاسم' })
  @MaxLength(5, { message: 'الاسم أطول من المسموح' })
  name!: string;

  @IsInt()
  @Min(1)
  @Max(10)
  count!: number;
}

/** Routes that exist only in tests, to exercise the global guard, pipe, filter and limiter. */
@Controller('probe')
class ProbeController {
  @Get('private')
  whoAmI(@CurrentAdmin() admin: AdminPrincipal): AdminPrincipal {
    return admin;
  }

  @Public()
  @Post('echo')
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }

  @Public()
  @RateLimit('requests')
  @Post('limited')
  limited(): { ok: true } {
    return { ok: true };
  }

  @Public()
  @Get('boom')
  boom(): never {
    throw new Error('database password=hunter2 leaked in a stack trace');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
