import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { ReadinessProbe } from './readiness-probe.service.js';

@Module({ controllers: [HealthController], providers: [ReadinessProbe] })
export class HealthModule {}
