import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsOptional, Length, Matches } from 'class-validator';
import {
  ASSIGNEE_FILTER,
  CONVERSATION_FILTERS,
  type ConversationFilter,
  FOLLOW_UP_FILTERS,
  type FollowUpFilter,
  RESPONSE_FILTERS,
  type ResponseFilter,
} from '../contact-filters.js';
import { INTEREST_VALUES, type Interest } from '../../leads/contact-rules.js';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../leads/contact-submission.entity.js';
import { Trim } from '../../common/transforms.js';
import { MEETING_FILTERS, type MeetingFilter } from '../../leads/lead-meetings.js';

/** "a,b" or ?x=a&x=b → ['a', 'b']; other types pass unchanged so that the validators name them. */
const CommaList = () =>
  Transform(({ value }: { value: unknown }) => {
    const text = Array.isArray(value) ? value.join(',') : value;
    return typeof text === 'string' ? text.split(',').map((item) => item.trim()) : text;
  });

// An instant: a date, a time and a zone (Z or ±hh:mm), as toISOString() writes it.
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const INSTANT_EXAMPLE = '2026-11-01T00:00:00.000Z';

/** The inbox's filters, shared by the list and the CSV export (all optional, combined with AND). */
export class ContactFiltersQueryDto {
  @ApiPropertyOptional({
    description: 'Case- and accent-insensitive substring of name, e-mail, company or comments.',
    minLength: 2,
    maxLength: 100,
  })
  @IsOptional()
  @Trim()
  @Length(2, 100, { message: 'q must be 2 to 100 characters' })
  q?: string;

  @ApiPropertyOptional({
    description: `One interest or a comma-separated list: ${INTEREST_VALUES.join(', ')}.`,
    type: String,
    example: 'empower-team,community',
  })
  @IsOptional()
  @CommaList()
  @ArrayMaxSize(INTEREST_VALUES.length, { message: `interest must be one or more of ${INTEREST_VALUES.join(', ')}` })
  @IsIn(INTEREST_VALUES, { each: true, message: `interest must be one or more of ${INTEREST_VALUES.join(', ')}` })
  interest?: Interest[];

  @ApiPropertyOptional({
    description: `One status or a comma-separated list: ${SUBMISSION_STATUSES.join(', ')}. Without it: every status but spam and archived.`,
    type: String,
    example: 'new,contacted',
  })
  @IsOptional()
  @CommaList()
  @ArrayMaxSize(SUBMISSION_STATUSES.length, { message: `status must be one or more of ${SUBMISSION_STATUSES.join(', ')}` })
  @IsIn(SUBMISSION_STATUSES, { each: true, message: `status must be one or more of ${SUBMISSION_STATUSES.join(', ')}` })
  status?: SubmissionStatus[];

  @ApiPropertyOptional({
    description: "A teammate's id, `me` (the signed-in user) or `none` (unassigned).",
    type: String,
    example: 'me',
  })
  @IsOptional()
  @Matches(ASSIGNEE_FILTER, { message: "assignee must be a user's id, me or none" })
  assignee?: string;

  @ApiPropertyOptional({ description: 'Submitted at or after this instant (ISO 8601).', example: INSTANT_EXAMPLE })
  @IsOptional()
  @Matches(INSTANT, { message: `from must be an ISO 8601 instant such as ${INSTANT_EXAMPLE}` })
  from?: string;

  @ApiPropertyOptional({ description: 'Submitted before this instant (ISO 8601).', example: INSTANT_EXAMPLE })
  @IsOptional()
  @Matches(INSTANT, { message: `to must be an ISO 8601 instant such as ${INSTANT_EXAMPLE}` })
  to?: string;

  @ApiPropertyOptional({
    enum: RESPONSE_FILTERS,
    description: '`overdue`: still new past the response target; `waiting`: still new; `answered`: its status left new.',
  })
  @IsOptional()
  @IsIn(RESPONSE_FILTERS, { message: `response must be one of ${RESPONSE_FILTERS.join(', ')}` })
  response?: ResponseFilter;

  @ApiPropertyOptional({
    enum: FOLLOW_UP_FILTERS,
    description: '`due`: a follow-up date now or earlier (neither archived nor spam).',
  })
  @IsOptional()
  @IsIn(FOLLOW_UP_FILTERS, { message: `followUp must be ${FOLLOW_UP_FILTERS.join(', ')}` })
  followUp?: FollowUpFilter;

  @ApiPropertyOptional({
    enum: CONVERSATION_FILTERS,
    description:
      "`awaiting`: the newest message of the lead's conversation is the lead's own (not automatic): an answer is owed.",
  })
  @IsOptional()
  @IsIn(CONVERSATION_FILTERS, { message: `conversation must be ${CONVERSATION_FILTERS.join(', ')}` })
  conversation?: ConversationFilter;

  @ApiPropertyOptional({
    enum: MEETING_FILTERS,
    description: '`upcoming`: a meeting booked and not over yet; `none`: no booked meeting at all (never booked, or cancelled).',
  })
  @IsOptional()
  @IsIn(MEETING_FILTERS, { message: `meeting must be one of ${MEETING_FILTERS.join(', ')}` })
  meeting?: MeetingFilter;
}
