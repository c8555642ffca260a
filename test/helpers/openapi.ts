/** Small OpenAPI 3 documents for the catalog upkeep tests, written by hand through a few builders. */

export type Json = Record<string, unknown>;

export function spec(paths: Record<string, Record<string, Json>>, schemas: Record<string, Json> = {}): Json {
  return { openapi: '3.0.0', info: { title: 'test', version: '1.0.0' }, paths, components: { schemas } };
}

export const obj = (properties: Record<string, Json>, required: string[] = []): Json => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
export const str = (extra: Json = {}): Json => ({ type: 'string', ...extra });
export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

export interface OpParts {
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  tags?: string[];
  security?: Json[];
  parameters?: Json[];
  request?: Json;
  response?: Json;
  example?: unknown;
  /** Extra responses by status. */
  responses?: Record<string, Json>;
}

export function op(parts: OpParts): Json {
  const responses: Record<string, Json> = {
    '200': { description: 'OK', content: { 'application/json': { schema: parts.response ?? obj({}), ...(parts.example !== undefined ? { example: parts.example } : {}) } } },
    ...parts.responses,
  };
  const out: Json = { summary: parts.summary ?? '', responses };
  for (const k of ['description', 'operationId', 'deprecated', 'tags', 'security', 'parameters'] as const) if (parts[k] !== undefined) out[k] = parts[k];
  if (parts.request) out.requestBody = { content: { 'application/json': { schema: parts.request } } };
  return out;
}

export const pathParam = (name: string): Json => ({ name, in: 'path', required: true, schema: { type: 'string' } });
export const queryParam = (name: string, extra: Json = {}): Json => ({ name, in: 'query', schema: { type: 'string' }, ...extra });

/** An error response whose named examples show error codes. */
export function errorResponse(examples: Record<string, number>): Json {
  return {
    description: 'Bad Request',
    content: {
      'application/json': {
        schema: obj({ message: str(), errors: { type: 'array', items: obj({ errorCode: { type: 'integer' } }) } }),
        examples: Object.fromEntries(Object.entries(examples).map(([name, code]) => [name, { value: { message: name, errors: [{ errorCode: code }] } }])),
      },
    },
  };
}
