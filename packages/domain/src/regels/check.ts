import { dataPathOf, type RuleNode, type ValueNode } from './catalogue';

/** One way a TG or AGA message breaks its scenario or value list: the field (as in a 400) and why. */
export interface RuleViolation {
  field: string;
  rule: 'Ja' | 'Nee' | 'waardenlijst';
  message: string;
}

export const REGEL_TEXTS = {
  verplicht: (field: string) => `${field} is verplicht volgens het scenario van de netbeheerder`,
  verboden: (field: string) => `${field} moet leeg blijven volgens het scenario van de netbeheerder`,
  nietToegestaan: (field: string, waarde: string) =>
    `${field}: de waarde '${waarde}' is niet toegestaan volgens de waardenlijst van de netbeheerder`,
};

type Context = { path: string; value: unknown };

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The values under `key` of each context; array elements become contexts of their own (`assets.0`). */
function step(contexts: readonly Context[], key: string): Context[] {
  return contexts.flatMap(({ path, value }) => {
    const child = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    return [{ path: `${path}.${key}`, value: child }];
  });
}

function expand(contexts: readonly Context[]): Context[] {
  return contexts.flatMap((context) =>
    Array.isArray(context.value)
      ? context.value.map((value, i) => ({ path: `${context.path}.${i}`, value }))
      : isPresent(context.value)
        ? [context]
        : [],
  );
}

/**
 * Checks a message's `data` against the rule tree of its scenario: a 'Ja' field must be filled, a
 * 'Nee' field must be absent, '' is free. A field inside another (meter → meternummer) is judged
 * where its parent is filled; in a list (assets) in every element.
 */
export function checkRules(data: Record<string, unknown>, rules: readonly RuleNode[]): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const walk = (nodes: readonly RuleNode[], contexts: readonly Context[]) => {
    for (const node of nodes) {
      const key = dataPathOf(node.id).at(-1)!;
      const found = step(contexts, key);
      for (const { path, value } of found) {
        const present = Array.isArray(value) ? value.length > 0 : isPresent(value);
        if (node.verplichting === 'Ja' && !present) {
          violations.push({ field: path, rule: 'Ja', message: REGEL_TEXTS.verplicht(path) });
        } else if (node.verplichting === 'Nee' && present) {
          violations.push({ field: path, rule: 'Nee', message: REGEL_TEXTS.verboden(path) });
        }
      }
      if (node.rules.length > 0) walk(node.rules, expand(found));
    }
  };
  walk(rules, expand([{ path: 'data', value: data }]));
  return violations;
}

/** Checks the values of a message's `data` against a value list: every value given must be allowed. */
export function checkValues(data: Record<string, unknown>, lists: readonly ValueNode[]): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const walk = (nodes: readonly ValueNode[], contexts: readonly Context[]) => {
    for (const node of nodes) {
      const key = dataPathOf(node.id).at(-1)!;
      const found = step(contexts, key);
      if (node.waarden.length > 0) {
        const allowed = new Set(node.waarden.filter((w) => w.toegestaan).map((w) => w.waarde));
        for (const { path, value } of expand(found)) {
          if (typeof value === 'string' && !allowed.has(value)) {
            violations.push({ field: path, rule: 'waardenlijst', message: REGEL_TEXTS.nietToegestaan(path, value) });
          }
        }
      }
      if (node.waardenlijsten.length > 0) walk(node.waardenlijsten, expand(found));
    }
  };
  walk(lists, expand([{ path: 'data', value: data }]));
  return violations;
}
