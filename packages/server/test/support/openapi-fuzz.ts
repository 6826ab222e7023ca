import fc from 'fast-check';

/** Just enough of JSON Schema and OpenAPI 3.1 to generate requests from the document we serve. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
};
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { schema: Schema; examples: unknown[] };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A request as sent: path and query already encoded, the body as raw text. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A value to put in a URL: text to percent-encode, or raw text sent as is (malformed escapes). */
type UrlValue = string | { raw: string };
/** Text sent as the body as it is, under its own content type (JSON's unless said). */
class RawBody {
  constructor(
    readonly raw: string,
    readonly contentType = 'application/json',
  ) {}
}

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', 'x\ud83d'];
const HUGE = 'x'.repeat(200_000);

/** Values that are wrong almost anywhere: the heart of the malformed requests. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    ...LONE_SURROGATES,
    HUGE,
    'é'.repeat(5000),
    '%',
    '_',
    '\\',
    "' or 1=1 --",
  ),
  fc.constantFrom('2025-02-30', '2025-13-01', '0000-00-00', '+275760-09-13T00:00:00.000Z', '9999-99-99T99:99:99Z'),
  fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g', 'ZZZZZZZZ-0000-4000-8000-000000000000'),
  fc.constantFrom('NaN', 'Infinity', '-1', '1e400', '99999999999999999999', '0x1F', '1.5', 'true', 'null'),
  fc.constantFrom('2147483648', '-2147483649', '9007199254740991', '-9007199254740991', '32768', '0'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -2147483649, 2147483648, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, -0.000001),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  nastyNumber,
  nastyString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
export const nastyValue = fc.oneof(nastyString, nastyNumber, wrongType);

/** Bodies that are not a JSON value of the schema at all. */
const rawBodies: fc.Arbitrary<RawBody> = fc
  .oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[1,]',
      '{"a":1,}',
      'nul',
      "{'a':1}",
      '\ufeff{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
    ),
    fc.constantFrom('null', '[]', '"tekst"', '123', 'true', '{"skip":1e400}', '{"limit":-0}', `[${'['.repeat(5000)}]`),
    fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}'),
  )
  .map((raw) => new RawBody(raw));
const wrongContentType: fc.Arbitrary<RawBody> = fc
  .record({
    raw: fc.constantFrom('{}', 'a=b&c=d', '<x/>', '--x\r\n\r\n--x--'),
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/jsonx',
    ),
  })
  .map(({ raw, contentType }) => new RawBody(raw, contentType));

/** Generates valid-looking values of a schema, with strings also drawn from what the database holds. */
export class ValueGenerator {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly known: { ids: string[]; strings: string[] },
  ) {}

  valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
    if (!schema) return fc.jsonValue({ maxDepth: 1 });
    if (schema.$ref) return this.valid(this.resolve(schema.$ref), depth + 1);
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf?.slice(0, 1);
    if (branches) return fc.oneof(...branches.map((branch) => this.valid(branch, depth)));
    if (Array.isArray(schema.type))
      return fc.oneof(...schema.type.map((type) => this.valid({ ...schema, type }, depth)));
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number': {
        const min = Math.max(schema.minimum ?? -1000, -1000);
        const max = Math.max(min, Math.min(schema.maximum ?? 1000, 1000));
        const usual = schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
        // The edges the schema allows, and PostgreSQL's integer's edges where the schema allows them.
        const lowest = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
        const highest = schema.maximum ?? Number.MAX_SAFE_INTEGER;
        const edges = [lowest, highest, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1].filter(
          (n) => n >= lowest && n <= highest,
        );
        return fc.oneof(usual, fc.constantFrom(...edges));
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.valid(schema.items, depth + 1), {
          maxLength: depth > 3 ? 0 : Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object':
        return this.object(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...this.known.ids), fc.uuid());
    if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
    const fitting = this.known.strings.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? 1e9));
    const free = fc.string({ minLength, maxLength });
    // As long as the schema allows: a text without a bound is sent 10,000 characters long.
    const longest = fc.constant('x'.repeat(Math.min(schema.maxLength ?? 10_000, 10_000)));
    return fc.oneof(
      { weight: 3, arbitrary: fitting.length > 0 ? fc.oneof(fc.constantFrom(...fitting), free) : free },
      { weight: 1, arbitrary: longest },
    );
  }

  private object(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    if (Object.keys(properties).length === 0) {
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, this.valid(s, depth + 1)]));
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }

  private resolve(ref: string): Schema {
    const name = ref.replace('#/components/schemas/', '');
    const schema = this.document.components?.schemas?.[name];
    if (!schema) throw new Error(`dangling reference ${ref}`);
    return schema;
  }
}

/** Every path to a value inside `value`, the root (`[]`) included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]));
  }
  return paths;
}

const BAD_CHARACTERS = ['\u0000', ...LONE_SURROGATES];
/** Text with NUL or a lone surrogate put in at some place: otherwise as valid as it was. */
const tainted = (text: string) =>
  fc
    .tuple(fc.nat({ max: text.length }), fc.constantFrom(...BAD_CHARACTERS))
    .map(([at, bad]) => text.slice(0, at) + bad + text.slice(at));

const MUTATIONS = ['taint', 'taint', 'replace', 'replace', 'remove', 'extra', 'deep'] as const;

/**
 * `value` with one place changed: a text given NUL or a lone surrogate, a value replaced by a
 * malformed one, a field removed or added, or a value nested thousands deep.
 */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  const texts = paths.filter((path) => typeof at(value, path) === 'string');
  return fc
    .constantFrom(...MUTATIONS)
    .chain((kind) => {
      const candidates = kind === 'taint' && texts.length > 0 ? texts : paths;
      return fc.record({
        kind: fc.constant(kind),
        path: fc.constantFrom(...candidates),
        extraKey: fc.constantFrom('extra', '__proto__', 'a\u0000b', '\ud800', '_id', 'deelnemer', 'id'),
        replacement: nastyValue,
      });
    })
    .chain(({ kind, path, extraKey, replacement }) => {
      const original = at(value, path);
      const replaced =
        kind === 'taint' && typeof original === 'string'
          ? tainted(original)
          : kind === 'deep'
            ? fc.constant(JSON.parse(`${'['.repeat(3000)}1${']'.repeat(3000)}`) as unknown)
            : // A number is mostly replaced by a number out of range: the type alone is checked first.
              typeof original === 'number'
              ? fc.oneof(nastyNumber, fc.constant(replacement))
              : fc.constant(replacement);
      return replaced.map((next) => changed(value, path, kind, extraKey, next));
    });
}

const at = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

function changed(
  value: unknown,
  path: (string | number)[],
  kind: (typeof MUTATIONS)[number],
  extraKey: string,
  next: unknown,
): unknown {
  const copy: unknown = structuredClone(value);
  const target = at(copy, path);
  if (kind === 'extra' && target !== null && typeof target === 'object' && !Array.isArray(target)) {
    Object.assign(target, { [extraKey]: next });
    return copy;
  }
  if (path.length === 0) return next;
  const container = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1] as string | number;
  if (kind !== 'remove') container[key] = next;
  else if (Array.isArray(container)) container.splice(Number(key), 1);
  else delete container[key];
  return copy;
}

/** A valid-looking body: one of the document's examples, or generated from the schema. */
function validBody(operation: Operation, values: ValueGenerator): fc.Arbitrary<unknown> {
  if (!operation.body) return fc.constant(undefined);
  const generated = values.valid(operation.body.schema);
  return operation.body.examples.length ? fc.oneof(fc.constantFrom(...operation.body.examples), generated) : generated;
}

/** A malformed body: a valid-looking one with one place changed, or not JSON of the schema at all. */
function malformedBody(operation: Operation, values: ValueGenerator): fc.Arbitrary<unknown> {
  const wrongBody = fc.oneof(rawBodies, wrongContentType);
  if (!operation.body) return wrongBody;
  return fc.oneof(
    { weight: 4, arbitrary: validBody(operation, values).chain(mutated) },
    { weight: 1, arbitrary: wrongBody },
  );
}

const urlNasty: fc.Arbitrary<UrlValue> = fc.oneof(
  nastyString,
  fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '..%2F..', '%2e%2e', '%25').map((raw) => ({ raw })),
);

const validParameter = (parameter: Parameter, values: ValueGenerator) =>
  values.valid(parameter.schema).map((value) => String(value));

function malformedParameter(parameter: Parameter, values: ValueGenerator): fc.Arbitrary<UrlValue | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: validParameter(parameter, values).chain(tainted) },
    { weight: 2, arbitrary: parameter.in === 'header' ? nastyString : urlNasty },
    { weight: parameter.required ? 1 : 0, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes text, a lone surrogate as the bytes a careless client would send for it. */
function encode(value: UrlValue): string {
  if (typeof value !== 'string') return value.raw;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(value[i] as string);
  }
  return out;
}

type Part = 'path' | 'query' | 'header' | 'body';

/**
 * Whole requests for one operation. One part (path, query, a header or the body) is malformed and
 * the others valid-looking, so the malformed part is what the server meets past the first check;
 * now and then the whole request is valid-looking.
 */
export function requestArbitrary(operation: Operation, values: ValueGenerator): fc.Arbitrary<FuzzRequest> {
  const parts = (['path', 'query', 'header'] as const).filter((part) =>
    operation.parameters.some((p) => p.in === part),
  );
  const choice = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Part | 'none'>('none') },
    { weight: 4, arbitrary: fc.constant<Part>('body') },
    ...parts.map((part) => ({ weight: 3, arbitrary: fc.constant<Part>(part) })),
  );
  const chosen = (broken: Part | 'none') =>
    fc.record({
      broken: fc.constant(broken),
      // Of a malformed part, one parameter is malformed: the others stay valid-looking.
      which: fc.constantFrom('', ...operation.parameters.filter((p) => p.in === broken).map((p) => p.name)),
    });
  return choice.chain(chosen).chain(({ broken, which }) => {
    const parameters = (where: Parameter['in']) =>
      fc.tuple(
        ...operation.parameters
          .filter((p) => p.in === where)
          .map((p) =>
            (broken === where && p.name === which ? malformedParameter(p, values) : validParameter(p, values)).map(
              (v) => [p.name, v] as const,
            ),
          ),
      );
    const extraQuery =
      broken === 'query'
        ? fc.option(fc.tuple(fc.constantFrom('extra', 'skip', 'limit', 'a\u0000'), urlNasty), { nil: undefined })
        : fc.constant(undefined);
    return fc
      .record({
        path: parameters('path'),
        query: parameters('query'),
        extraQuery,
        headers: parameters('header'),
        body: broken === 'body' ? malformedBody(operation, values) : validBody(operation, values),
      })
      .map((generated) => assemble(operation, generated));
  });
}

function assemble(
  operation: Operation,
  generated: {
    path: (readonly [string, UrlValue | undefined])[];
    query: (readonly [string, UrlValue | undefined])[];
    extraQuery: [string, UrlValue] | undefined;
    headers: (readonly [string, UrlValue | undefined])[];
    body: unknown;
  },
): FuzzRequest {
  let url = operation.path;
  for (const [name, value] of generated.path) url = url.replace(`{${name}}`, encode(value ?? ''));
  const pairs = [...generated.query, ...(generated.extraQuery ? [generated.extraQuery] : [])];
  const search = pairs
    .filter((pair): pair is readonly [string, UrlValue] => pair[1] !== undefined)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  const headers = Object.fromEntries(
    generated.headers.filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string'),
  );
  const request: FuzzRequest = { method: operation.method, url: search ? `${url}?${search}` : url, headers };
  const { body } = generated;
  if (body === undefined) return request;
  if (body instanceof RawBody) {
    request.payload = body.raw;
    request.headers['content-type'] = body.contentType;
  } else {
    request.payload = JSON.stringify(body);
    request.headers['content-type'] = 'application/json';
  }
  return request;
}

/** The operations of the document, with what a request to each may carry. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const content = (raw.requestBody as { content?: Record<string, { schema: Schema; examples?: object }> })
        ?.content?.['application/json'];
      return {
        operationId: raw.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters: (raw.parameters as Parameter[] | undefined) ?? [],
        ...(content && {
          body: {
            schema: content.schema,
            examples: Object.values(content.examples ?? {}).map((example: { value?: unknown }) => example.value),
          },
        }),
      };
    }),
  );
}
