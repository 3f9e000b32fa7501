import type { RoutingCondition, RoutingDecision, RoutingRule, RoutingSettings } from '../api/routing-types';

export type Field = RoutingCondition['field'];
export type Op = RoutingCondition['op'];
export type Strategy = RoutingRule['strategy'];

export const FIELD_LABELS: Record<Field, string> = {
  interest: 'Interest',
  company: 'Company',
  emailDomain: 'E-mail domain',
  source: 'Source (utm_source)',
  campaign: 'Campaign (utm_campaign)',
  referrerDomain: 'Referrer domain',
};

export const OP_LABELS: Record<Op, string> = { is: 'is', in: 'is one of', contains: 'contains', endsWith: 'ends with' };

export const STRATEGY_LABELS: Record<Strategy, string> = { 'round-robin': 'Round robin', 'least-open': 'Fewest open leads' };

/** A condition as the editor holds it: `in`'s list as comma-separated text. */
export type ConditionDraft = { field: Field; op: Op; value: string };

/** A rule being edited; `key` tells the rules apart while they move. */
export type RuleDraft = { key: number; name: string; when: ConditionDraft[]; pool: string[]; strategy: Strategy };

export type RoutingDraft = { rules: RuleDraft[]; fallback: { pool: string[]; strategy: Strategy } | null };

let keys = 0;
export const nextKey = () => (keys += 1);

export const NEW_CONDITION: ConditionDraft = { field: 'interest', op: 'is', value: '' };

export function newRule(): RuleDraft {
  return { key: nextKey(), name: '', when: [], pool: [], strategy: 'round-robin' };
}

export function toDraft(settings: RoutingSettings): RoutingDraft {
  return {
    rules: settings.rules.map((rule) => ({
      key: nextKey(),
      name: rule.name,
      when: rule.when.map((condition) => ({
        field: condition.field,
        op: condition.op,
        value: Array.isArray(condition.value) ? condition.value.join(', ') : condition.value,
      })),
      pool: [...rule.pool],
      strategy: rule.strategy,
    })),
    fallback: settings.fallback ? { pool: [...settings.fallback.pool], strategy: settings.fallback.strategy } : null,
  };
}

/** The body of PUT /api/admin/routing (the server splits `in`'s text at commas). */
export function fromDraft(draft: RoutingDraft): RoutingSettings {
  return {
    rules: draft.rules.map(({ name, when, pool, strategy }) => ({ name, when, pool, strategy })),
    fallback: draft.fallback,
  };
}

/** The rules with the one at `index` moved by `by` (−1 up, +1 down); the same list at either end. */
export function moveRule(rules: RuleDraft[], index: number, by: -1 | 1): RuleDraft[] {
  const to = index + by;
  if (to < 0 || to >= rules.length) return rules;
  const moved = [...rules];
  [moved[index], moved[to]] = [moved[to], moved[index]];
  return moved;
}

/** The dry run's answer in words: "Ann, by the rule Partnerships, round robin". */
export function decisionText(decision: RoutingDecision, nameOf: (id: string) => string): string {
  if (!decision.assigneeId) return 'Nobody: the lead would arrive unassigned (no rule matched, and no fallback took it).';
  const who = nameOf(decision.assigneeId);
  if (decision.reason === 'returning lead') return `${who}, who has this person's earlier lead.`;
  const by = decision.rule === null ? 'the fallback' : `the rule ${decision.rule}`;
  return `${who}, by ${by}, ${decision.reason}.`;
}
