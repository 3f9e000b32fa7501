import { uuidParam } from '../common/uuid-param.js';

/**
 * The `:id` of a submission. Every id is a UUID (a `uuid` column), so an id that is not one
 * names no submission: 404, as for an unknown id, before any query.
 */
export const SubmissionId = () => uuidParam('id', 'No submission with this id');
