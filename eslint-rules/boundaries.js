// @ts-check
// The portal's import boundaries (docs/decisions/0005): a zone forbids files under `target` to
// import from `from`, except from the folders in `except`. Specifiers are resolved by hand —
// relative paths and the `@/` alias of packages/web — so the rule needs no module resolver.
import path from 'node:path';

/** @type {import('eslint').Rule.RuleModule} */
export const noRestrictedZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across the layers and features of the portal' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          alias: { type: 'object', additionalProperties: { type: 'string' } },
          zones: { type: 'array' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, alias = {}, zones = [] } = context.options[0] ?? {};
    const absolute = (folder) => path.resolve(root, folder);
    const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);
    const file = context.filename;

    const resolve = (specifier) => {
      if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
      const prefix = Object.keys(alias).find((key) => specifier === key || specifier.startsWith(`${key}/`));
      return prefix ? path.join(absolute(alias[prefix]), specifier.slice(prefix.length)) : undefined;
    };

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier);
      if (!target) return;
      for (const zone of zones) {
        if (!inside(file, absolute(zone.target)) || !inside(target, absolute(zone.from))) continue;
        if ((zone.except ?? []).some((folder) => inside(target, path.join(absolute(zone.from), folder)))) continue;
        context.report({ node, message: `'${zone.target}' may not import '${specifier}': ${zone.message}` });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
