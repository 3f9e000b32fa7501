import { Controller, Get, HttpCode, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator.js';
import { ShutdownState } from '../shutdown/shutdown-state.js';
import { ReadinessProbe } from './readiness-probe.service.js';

export interface HealthStatus {
  status: 'ok';
}

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
  live(): HealthStatus {
    return { status: 'ok' };
  }

  /** Ready for traffic: not stopping, and the database answers within 1 s; 503 otherwise. */
  @Get('ready')
  @HttpCode(HttpStatus.OK)
  async ready(): Promise<HealthStatus> {
    if (this.shutdown.draining) throw new ServiceUnavailableException('shutting down');
    if (!(await this.probe.databaseAnswers())) throw new ServiceUnavailableException('database unreachable');
    return { status: 'ok' };
  }
}
