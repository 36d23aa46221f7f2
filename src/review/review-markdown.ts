import { PROBE_CASES } from './probe-cases';
import { REVIEW_RULES } from './rules';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The rules as docs/review.md shows them between `<!-- review-rules:start -->` and `<!-- review-rules:end -->`,
 * built from the rule table like the served `/docs/review` page: `npm run docs` writes it, a test keeps it there.
 * @example reviewRulesMarkdown(); // "### `duplicate_object`\n\n**critical**: A retried create …"
 */
export function reviewRulesMarkdown(): string {
  return Object.entries(REVIEW_RULES)
    .map(
      ([id, rule]) =>
        `### \`${id}\`\n\n**${rule.severity}**: ${rule.title}.\n\n${rule.why}\n\nProvoked by:\n\n\`\`\`js\n${rule.example}\n\`\`\`\n\n**Fix:** ${rule.fix}`,
    )
    .join('\n\n');
}

/**
 * The probes as docs/review.md shows them between `<!-- review-probes:start -->` and `<!-- review-probes:end -->`.
 * @example reviewProbesMarkdown(); // "| probe | sends | a correct handler | a wrong answer is |\n…"
 */
export function reviewProbesMarkdown(): string {
  const rows = Object.entries(PROBE_CASES).map(
    ([id, probe]) => `| \`${id}\` | ${cell(probe.title)} | ${probe.expect === 'refuse' ? 'refuses it (any non-2xx)' : 'accepts it (2xx)'} | ${probe.wrong} |`,
  );
  return ['| probe | sends | a correct handler | a wrong answer is |', '|---|---|---|---|', ...rows].join('\n');
}
