import { Module } from '@nestjs/common';
import { DeliveryMetrics } from './delivery-metrics.service.js';
import { DeliveryWorker } from './delivery-worker.service.js';

/**
 * The delivery engine (docs/decisions/013-shared-delivery-outbox.md): the `deliveries` outbox and its worker, below the features.
 * A feature queues rows in its own transactions and registers its channel's sender.
 */
@Module({
  providers: [DeliveryWorker, DeliveryMetrics],
  exports: [DeliveryWorker],
})
export class DeliveriesModule {}
