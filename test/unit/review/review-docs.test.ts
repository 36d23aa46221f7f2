import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROBE_CASE_IDS, PROBE_CASES } from '../../../src/review/probe-cases';
import { reviewProbesMarkdown, reviewRulesMarkdown } from '../../../src/review/review-markdown';
import { REVIEW_RULES, RULE_IDS } from '../../../src/review/rules';
import { sandbox } from '../../helpers/sandbox';

const DOC = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'review.md'), 'utf8');

/** docs/review.md's rule sections, as rule id → severity. */
function documentedRules(): Record<string, string> {
  const section = /<!-- review-rules:start -->\n([\s\S]*?)\n<!-- review-rules:end -->/.exec(DOC)?.[1] ?? '';
  return Object.fromEntries([...section.matchAll(/^### `([a-z_]+)`\n\n\*\*(critical|warning|info)\*\*/gm)].map((m) => [m[1], m[2]]));
}

describe('the review documentation', () => {
  it('docs/review.md lists every rule of the code with its severity, in order, and nothing else', () => {
    const documented = documentedRules();
    expect(Object.keys(documented)).toEqual(RULE_IDS);
    expect(documented).toEqual(Object.fromEntries(RULE_IDS.map((id) => [id, REVIEW_RULES[id].severity])));
  });

  it('docs/review.md holds exactly what `npm run docs` writes from the rule and probe tables (example and fix included)', () => {
    expect(DOC).toContain(`<!-- review-rules:start -->\n${reviewRulesMarkdown()}\n<!-- review-rules:end -->`);
    expect(DOC).toContain(`<!-- review-probes:start -->\n${reviewProbesMarkdown()}\n<!-- review-probes:end -->`);
  });

  it('every rule has an example that provokes it and a fix', () => {
    for (const id of RULE_IDS) {
      expect(REVIEW_RULES[id].example.length).toBeGreaterThan(20);
      expect(REVIEW_RULES[id].fix.length).toBeGreaterThan(20);
    }
  });

  it('the served /docs/review page has a section per rule (the doc_url anchor) and a row per probe', async () => {
    const res = await sandbox().http.get('/docs/review');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const sections = [...res.text.matchAll(/<section id="([a-z_]+)"><h3><code>([a-z_]+)<\/code> <span class="severity" data-severity="([a-z]+)">/g)];
    expect(sections.map((m) => [m[1], m[3]])).toEqual(RULE_IDS.map((id) => [id, REVIEW_RULES[id].severity]));
    for (const m of sections) expect(m[2]).toBe(m[1]);
    const probes = [...res.text.matchAll(/<tr id="probe-([a-z_]+)">/g)].map((m) => m[1]);
    expect(probes).toEqual(PROBE_CASE_IDS);
    for (const id of PROBE_CASE_IDS) expect(DOC).toContain(`| \`${id}\` | ${PROBE_CASES[id].title} |`);
    expect((await sandbox().http.get('/docs/review/')).status).toBe(200);
  });
});
