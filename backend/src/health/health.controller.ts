import { Controller, Get, HttpCode, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../identity/public.decorator.js';
import { ShutdownState } from '../shutdown/shutdown-state.js';
import { HealthStatusDto } from './health-status.dto.js';
import { ReadinessProbe } from './readiness-probe.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly probe: ReadinessProbe,
    private readonly shutdown: ShutdownState,
  ) {}

  /** The process is up (liveness). */
  @Get('live')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: HealthStatusDto })
  live(): HealthStatusDto {
    return { status: 'ok' };
  }

  /** Ready for traffic: not stopping, and the database answers within 1 s; 503 otherwise. */
  @Get('ready')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: HealthStatusDto })
  @ApiServiceUnavailableResponse({ description: 'Shutting down, or the database does not answer within 1 s.' })
  async ready(): Promise<HealthStatusDto> {
    if (this.shutdown.draining) throw new ServiceUnavailableException('shutting down');
    if (!(await this.probe.databaseAnswers())) throw new ServiceUnavailableException('database unreachable');
    return { status: 'ok' };
  }
}
