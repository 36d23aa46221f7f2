/** Building blocks of the admin API's shapes: closed objects, nullable values, references, lists, permissions, durations. */
import { PERMISSION_RESOURCES } from './resources';

export const closed = (properties: Record<string, object>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
export const string = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const list = (item: object) => closed({ object: { const: 'list' }, data: { type: 'array', items: item } });

export const level = { enum: ['none', 'read', 'write'] };
export const permissions = closed(Object.fromEntries(PERMISSION_RESOURCES.map((name) => [name, level])));
export const duration = {
  anyOf: [
    { type: 'string', description: 'A duration such as "25h", "30d", "-1h30m".' },
    { type: 'number', description: 'Seconds.' },
  ],
};
