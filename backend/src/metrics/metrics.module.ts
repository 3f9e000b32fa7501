import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics-server.service.js';
import { Metrics } from './metrics.service.js';

/**
 * Prometheus metrics (a core folder): the registry every folder counts in, and the server of
 * METRICS_PORT. Global, as ShutdownModule: any module's provider may inject Metrics.
 */
@Global()
@Module({ providers: [Metrics, MetricsServer], exports: [Metrics] })
export class MetricsModule {}
