import { NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';

/** A route's uuid parameter: a value that is not a UUID names nothing, 404 (`notFound`) before any query. */
export const uuidParam = (name: string, notFound: string) =>
  Param(name, new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) }));
