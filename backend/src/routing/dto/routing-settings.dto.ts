import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import {
  ROUTING_FIELDS,
  ROUTING_OPS,
  ROUTING_STRATEGIES,
  type RoutingField,
  type RoutingOp,
  type RoutingStrategy,
} from '../../leads/routing-settings.entity.js';

// The shapes below are checked by checkRouting (routing-rules.ts), whose messages name the rule,
// the field or the person at fault; the pipe only checks the top level.

export class RoutingConditionDto {
  @ApiProperty({ enum: ROUTING_FIELDS })
  field!: RoutingField;

  @ApiProperty({ enum: ROUTING_OPS })
  op!: RoutingOp;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'Text (1–200); for `in`, a list of 1–50 texts (a text is split at commas). Compared ignoring letter case.',
  })
  value!: string | string[];
}

export class RoutingPoolDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Active members and admins, in turn order.' })
  pool!: string[];

  @ApiProperty({ enum: ROUTING_STRATEGIES })
  strategy!: RoutingStrategy;
}

export class RoutingRuleDto extends RoutingPoolDto {
  @ApiProperty({ minLength: 1, maxLength: 100, description: 'Unique (ignoring letter case).' })
  name!: string;

  @ApiProperty({ type: [RoutingConditionDto], description: 'Every condition must hold; none: every lead matches.' })
  when!: RoutingConditionDto[];
}

/** GET / PUT /api/admin/routing. */
export class RoutingSettingsDto {
  @ApiProperty({ type: [RoutingRuleDto], description: 'In order: the first rule that matches a lead routes it.' })
  @IsArray({ message: 'rules must be a list' })
  rules!: RoutingRuleDto[];

  @ApiProperty({
    type: RoutingPoolDto,
    nullable: true,
    description: 'Routes the leads that no rule takes; null: they stay unassigned.',
  })
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsObject({ message: 'fallback must be an object or null' })
  fallback!: RoutingPoolDto | null;
}

/** POST /api/admin/routing/test: a sample lead (the fields its rules can read). */
export class RoutingTestDto {
  @ApiProperty({ example: 'partnership' })
  @IsString({ message: 'interest must be text' })
  @MaxLength(200, { message: 'interest must be at most 200 characters' })
  interest!: string;

  @ApiProperty({ example: 'ann@acme.example' })
  @IsString({ message: 'email must be text' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'company must be text' })
  @MaxLength(200, { message: 'company must be at most 200 characters' })
  company?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'utmSource must be text' })
  @MaxLength(200, { message: 'utmSource must be at most 200 characters' })
  utmSource?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'utmCampaign must be text' })
  @MaxLength(200, { message: 'utmCampaign must be at most 200 characters' })
  utmCampaign?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'referrer must be text' })
  @MaxLength(2048, { message: 'referrer must be at most 2048 characters' })
  referrer?: string | null;
}

export class RoutingDecisionDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null: the lead would arrive unassigned.' })
  assigneeId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The rule that routes it; null for the fallback, a returning lead or none.',
  })
  rule!: string | null;

  @ApiProperty({
    example: 'round robin',
    description: '`round robin`, `fewest open leads`, `returning lead` or `no rule matched`.',
  })
  reason!: string;
}
