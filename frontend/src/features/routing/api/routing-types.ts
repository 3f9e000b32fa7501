import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

export type RoutingSettings = Schemas['RoutingSettingsDto'];
export type RoutingRule = Schemas['RoutingRuleDto'];
export type RoutingPool = Schemas['RoutingPoolDto'];
export type RoutingCondition = Schemas['RoutingConditionDto'];
export type RoutingSample = Schemas['RoutingTestDto'];
export type RoutingDecision = Schemas['RoutingDecisionDto'];
/** Whom a pool can hold: the active members and admins, and whether each is away. */
export type Teammate = Schemas['AssigneeDto'];
