import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A response serializer compiled once per route and status from the route's zod response schema
 * (fast-json-stringify, Fastify's default serializer), for the routes that answer long lists: the
 * monitoring searches. The app's default (fastify-type-provider-zod) encodes every answer with zod
 * and then runs `JSON.stringify`; this writes the JSON in one pass. The answer is the same text:
 * the schema's properties in its order, undeclared ones left out, a missing required one an error.
 * What it does not do is check each value's type at run time (the handler's return type is checked
 * against the same schema when compiling). The OpenAPI document still comes from the zod schema.
 */
export const compiledSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: compiledSerializer needs a zod schema`);
  return fastJson(
    forSerialization(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as JsonSchema) as unknown as Schema,
  );
};

/**
 * The JSON Schema of an answer, in the forms fast-json-stringify writes fastest and without a
 * validator: a union of plain types (a nullable text or object, a number or 'error') becomes a
 * list of types, which it tells apart by `typeof`; a record of anything (a message's data) is
 * written by `JSON.stringify` as a whole. Each is the same text as before.
 */
function forSerialization(node: JsonSchema): JsonSchema {
  const { $schema: _schema, ...schema } = node;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.every((branch) => typeof branch.type === 'string')) {
    const objects = branches.filter((branch) => branch.type === 'object');
    // One object branch keeps its properties; several would need the validator to tell them apart.
    if (objects.length <= 1) {
      const { anyOf: _anyOf, ...rest } = schema;
      const types = [...new Set(branches.map((branch) => branch.type as string))];
      return forSerialization({ ...rest, ...objects[0], type: types });
    }
  }
  if (schema.type === 'object' && schema.properties === undefined && isAnything(schema.additionalProperties)) return {};
  const children = (value: unknown) => (isSchema(value) ? forSerialization(value) : value);
  return {
    ...schema,
    ...(isSchema(schema.properties) && {
      properties: Object.fromEntries(Object.entries(schema.properties).map(([name, child]) => [name, children(child)])),
    }),
    ...(schema.items !== undefined && { items: children(schema.items) }),
    ...(schema.additionalProperties !== undefined && { additionalProperties: children(schema.additionalProperties) }),
    ...(branches && { anyOf: branches.map(forSerialization) }),
  };
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAnything = (value: unknown) => value === true || (isSchema(value) && Object.keys(value).length === 0);
