import { uuidParam } from '../common/uuid-param.js';

/** The `:id` of a webhook endpoint. */
export const WebhookId = () => uuidParam('id', 'No webhook with this id');

/** The `:deliveryId` of one of its deliveries. */
export const DeliveryId = () => uuidParam('deliveryId', 'No delivery with this id for this endpoint');
