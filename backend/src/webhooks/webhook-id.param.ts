import { NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';

/** A route's uuid parameter: a value that is not a UUID names nothing, 404 before any query. */
const uuidParam = (name: string, notFound: string) =>
  Param(name, new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) }));

/** The `:id` of a webhook endpoint. */
export const WebhookId = () => uuidParam('id', 'No webhook with this id');

/** The `:deliveryId` of one of its deliveries. */
export const DeliveryId = () => uuidParam('deliveryId', 'No delivery with this id for this endpoint');
