import { ERROR_CATALOG, ErrorSpec } from './catalog';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The README's error table, built from the catalog like the served `/docs/errors` page: `npm run docs` writes
 * it between the README's `<!-- errors:start -->` and `<!-- errors:end -->` markers, and a test keeps it there.
 *
 * @example
 * errorsMarkdown(); // "| code | status | type | meaning | fix |\n|---|---|---|---|---|\n| `missing_api_key` | 401 | …"
 */
export function errorsMarkdown(catalog: Record<string, ErrorSpec> = ERROR_CATALOG): string {
  const rows = Object.entries(catalog).map(([code, spec]) => `| \`${code}\` | ${spec.status} | ${spec.type} | ${cell(spec.meaning)} | ${cell(spec.fix)} |`);
  return ['| code | status | type | meaning | fix |', '|---|---|---|---|---|', ...rows].join('\n');
}

/**
 * The examples of the catalog (answers that say more than a code's meaning, such as the near misses they name), as
 * docs/errors.md shows them between `<!-- error-examples:start -->` and `<!-- error-examples:end -->`.
 *
 * @example
 * errorExamplesMarkdown(); // "### `resource_missing`: An object of the other mode …\n\n`GET /v1/payments/…`\n\n```json\n{ …"
 */
export function errorExamplesMarkdown(catalog: Record<string, ErrorSpec> = ERROR_CATALOG): string {
  return Object.entries(catalog)
    .flatMap(([code, spec]) =>
      (spec.examples ?? []).map(
        (example) => `### \`${code}\`: ${example.title}\n\n${example.request}:\n\n\`\`\`json\n${JSON.stringify({ error: example.error }, null, 2)}\n\`\`\``,
      ),
    )
    .join('\n\n');
}
