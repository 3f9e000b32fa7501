import { BadRequestException } from '@nestjs/common';
import {
  ROUTING_FIELDS,
  ROUTING_OPS,
  ROUTING_STRATEGIES,
  type RoutingCondition,
  type RoutingPool,
  type RoutingRule,
} from '../leads/routing-settings.entity.js';

export const RULE_NAME_MAX = 100;
export const VALUE_MAX = 200;
export const IN_VALUES_MAX = 50;
export const RULES_MAX = 100;
export const POOL_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rules and fallback as stored: checked, trimmed, `in` values as a list. */
export interface RoutingRules {
  rules: RoutingRule[];
  fallback: RoutingPool | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const known = (list: readonly string[]) => list.join(', ');

/** Refuses every key of `object` that is not in `keys`, by name. */
function unknownKeys(object: Record<string, unknown>, keys: readonly string[], where: string, errors: string[]): void {
  for (const key of Object.keys(object)) if (!keys.includes(key)) errors.push(`${where}.${key} is not a known field`);
}

function checkPool(value: Record<string, unknown>, where: string, errors: string[]): RoutingPool {
  const pool = value.pool;
  if (
    !Array.isArray(pool) ||
    pool.length === 0 ||
    pool.length > POOL_MAX ||
    !pool.every((id) => typeof id === 'string' && UUID.test(id))
  )
    errors.push(`${where}.pool must be a list of 1 to ${POOL_MAX} user ids`);
  else if (new Set(pool.map((id: string) => id.toLowerCase())).size !== pool.length)
    errors.push(`${where}.pool names someone twice`);
  const strategy = value.strategy;
  if (typeof strategy !== 'string' || !(ROUTING_STRATEGIES as readonly string[]).includes(strategy))
    errors.push(`${where}.strategy ${JSON.stringify(strategy ?? null)} is not one of ${known(ROUTING_STRATEGIES)}`);
  return {
    pool: Array.isArray(pool) ? pool.map((id) => String(id).toLowerCase()) : [],
    strategy: strategy as RoutingPool['strategy'],
  };
}

function checkCondition(value: unknown, where: string, errors: string[]): RoutingCondition {
  if (!isObject(value)) {
    errors.push(`${where} must be an object { field, op, value }`);
    return { field: 'interest', op: 'is', value: '' };
  }
  unknownKeys(value, ['field', 'op', 'value'], where, errors);
  const { field, op } = value;
  if (typeof field !== 'string' || !(ROUTING_FIELDS as readonly string[]).includes(field))
    errors.push(`${where}.field ${JSON.stringify(field ?? null)} is not one of ${known(ROUTING_FIELDS)}`);
  if (typeof op !== 'string' || !(ROUTING_OPS as readonly string[]).includes(op))
    errors.push(`${where}.op ${JSON.stringify(op ?? null)} is not one of ${known(ROUTING_OPS)}`);
  const raw: unknown = op === 'in' && typeof value.value === 'string' ? value.value.split(',') : value.value;
  const list: unknown[] = op === 'in' && Array.isArray(raw) ? raw : [raw];
  const texts = list.map((text) => (typeof text === 'string' ? text.trim() : text));
  const textsOk = texts.every((text) => typeof text === 'string' && text.length >= 1 && text.length <= VALUE_MAX);
  if (!textsOk || texts.length > IN_VALUES_MAX)
    errors.push(
      op === 'in'
        ? `${where}.value must be a list of 1 to ${IN_VALUES_MAX} texts of 1 to ${VALUE_MAX} characters`
        : `${where}.value must be a text of 1 to ${VALUE_MAX} characters`,
    );
  return { field, op, value: op === 'in' ? (texts as string[]) : (texts[0] as string) } as RoutingCondition;
}

function checkRule(value: unknown, index: number, errors: string[]): RoutingRule {
  const where = `rules[${index}]`;
  if (!isObject(value)) {
    errors.push(`${where} must be an object { name, when, pool, strategy }`);
    return { name: '', when: [], pool: [], strategy: 'round-robin' };
  }
  unknownKeys(value, ['name', 'when', 'pool', 'strategy'], where, errors);
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (name.length < 1 || name.length > RULE_NAME_MAX) errors.push(`${where}.name must be 1 to ${RULE_NAME_MAX} characters`);
  const when = Array.isArray(value.when) ? value.when : [];
  if (!Array.isArray(value.when)) errors.push(`${where}.when must be a list of conditions`);
  return {
    name,
    when: when.map((condition, at) => checkCondition(condition, `${where}.when[${at}]`, errors)),
    ...checkPool(value, where, errors),
  };
}

/**
 * The body of PUT /api/admin/routing checked: every failed rule named (an unknown field or
 * operator by its value), or 400. Whether each pool's people are active members or admins is
 * the database's question (RoutingService).
 */
export function checkRouting(body: { rules: readonly unknown[]; fallback: unknown }): RoutingRules {
  const errors: string[] = [];
  if (body.rules.length > RULES_MAX) errors.push(`rules must hold at most ${RULES_MAX} rules`);
  const rules = body.rules.map((rule, index) => checkRule(rule, index, errors));
  const names = new Set<string>();
  rules.forEach(({ name }, index) => {
    if (names.has(name.toLowerCase())) errors.push(`rules[${index}].name "${name}" is used by another rule`);
    names.add(name.toLowerCase());
  });
  let fallback: RoutingPool | null = null;
  if (body.fallback !== null) {
    const value = body.fallback as Record<string, unknown>;
    unknownKeys(value, ['pool', 'strategy'], 'fallback', errors);
    fallback = checkPool(value, 'fallback', errors);
  }
  if (errors.length) throw new BadRequestException(errors);
  return { rules, fallback };
}
