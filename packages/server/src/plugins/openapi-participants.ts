/** The part of the OpenAPI document a participant's system uses: the paths under this prefix. */
export const PARTICIPANTS_API_PREFIX = '/api/';

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * The participants' API as a document of its own, cut from the whole one (which the portal's
 * calls share with it): its paths, and of the component schemas only those they reference.
 */
export function participantsDocument(
  whole: OpenApiDocument,
  { title, description, externalDocs }: { title: string; description: string; externalDocs: object },
): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(PARTICIPANTS_API_PREFIX)),
  );
  const all = whole.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)) {
        const name = inner.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(all[name]);
        }
      } else visit(inner);
    }
  };
  visit(paths);
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
  return {
    ...whole,
    info: { ...whole.info, title, description },
    externalDocs,
    paths,
    components: { ...whole.components, schemas },
  };
}
