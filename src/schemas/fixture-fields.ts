/** Field shapes the fixture schemas share: times (absolute or relative to the clock at start), ids, short texts. */
import { MAX_UNIX_SECONDS } from './time-range';

export const unix = { type: 'integer', minimum: -MAX_UNIX_SECONDS, maximum: MAX_UNIX_SECONDS };
export const time = {
  description: 'Unix seconds, or a time relative to the clock at start such as "-35d", "-2h30m" or "+20h".',
  anyOf: [unix, { type: 'string', maxLength: 64, pattern: '^[+-]?(\\d+(\\.\\d+)?[smhdw])+$' }],
};
export const id = (prefix: string) => ({ type: 'string', pattern: `^${prefix}_[0-9A-Za-z_]+$`, maxLength: 255 });
export const nullableString = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
export const level = { enum: ['none', 'read', 'write'] };
