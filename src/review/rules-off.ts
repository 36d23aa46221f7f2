import type { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import { isRuleId, RULE_IDS, RuleId } from './rules';
import { noSuchWorkspace } from '../domain/workspaces';

/** A workspace's review settings (`GET`/`PUT /_mock/workspaces/{id}/review`). */
export interface ReviewSettings {
  object: 'review_settings';
  workspace: string;
  /** The rules whose findings this workspace's review leaves out. */
  rules_off: RuleId[];
  /** Every rule id, for reference. */
  rules: RuleId[];
}

/** The rules a workspace switched off, in table order. @example rulesOff(mock.context, 'ws_acme') // ['payment_polling'] */
export function rulesOff(ctx: MockContext, workspace: string): RuleId[] {
  const off = ctx.reviewRulesOff.get(workspace);
  return off ? RULE_IDS.filter((id) => off.has(id)) : [];
}

/** A workspace's settings. @example reviewSettings(mock.context, 'ws_acme') */
export function reviewSettings(ctx: MockContext, workspace: string): ReviewSettings {
  checkWorkspace(ctx, workspace);
  return { object: 'review_settings', workspace, rules_off: rulesOff(ctx, workspace), rules: RULE_IDS };
}

/**
 * Switches rules off for a workspace (the list replaces the previous one; `[]` turns every rule on again). An
 * unknown rule id is refused naming the known ones, so a typo never leaves a rule on silently.
 * @example setRulesOff(mock.context, 'ws_acme', ['payment_polling'])
 */
export function setRulesOff(ctx: MockContext, workspace: string, rules: unknown): ReviewSettings {
  checkWorkspace(ctx, workspace);
  if (!Array.isArray(rules) || rules.some((rule) => typeof rule !== 'string'))
    throw new ApiError('parameter_invalid', 'Invalid rules_off: expected a list of rule ids, such as ["payment_polling"] ([] turns every rule on).', {
      param: 'rules_off',
    });
  const unknown = (rules as string[]).find((rule) => !isRuleId(rule));
  if (unknown !== undefined)
    throw new ApiError('parameter_invalid', `Unknown review rule: ${unknown.slice(0, 60)}. The rules are: ${RULE_IDS.join(', ')}.`, { param: 'rules_off' });
  if (rules.length === 0) ctx.reviewRulesOff.delete(workspace);
  else ctx.reviewRulesOff.set(workspace, new Set(rules as string[]));
  return reviewSettings(ctx, workspace);
}

function checkWorkspace(ctx: MockContext, workspace: string): void {
  if (!ctx.store.workspaces.has(workspace)) throw noSuchWorkspace(workspace, 'workspace');
}
