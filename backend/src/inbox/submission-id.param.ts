import { NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';

/**
 * The `:id` of a submission. Every id is a UUID (a `uuid` column), so an id that is not one
 * names no submission: 404, as for an unknown id, before any query.
 */
export const SubmissionId = () =>
  Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('No submission with this id') }));
