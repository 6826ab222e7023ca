import { DISCIPLINES } from '../constants';
import { markedSection, table } from '../berichten/markdown';
import { RULE_TREES, ruleTreeOf, valueTreeOf, type RuleNode, type RuleTree } from './catalogue';

const TREE_TITLES: Record<RuleTree, string> = {
  tg: 'Technisch Gereed (TG)',
  aga: 'Administratief Gereed Assets (AGA)',
};

/**
 * The field catalogue as docs/regels.md shows it between its markers: per tree one table of every
 * field (its path in `data`, label, whether it is fixed, the disciplines that have it and the values
 * a new value list offers per discipline).
 */
export function catalogueMarkdown(): string {
  return `${RULE_TREES.map((tree) => {
    const fields = new Map<
      string,
      { label: string; fixed: boolean; disciplines: string[]; values: Map<string, string[]> }
    >();
    for (const discipline of DISCIPLINES) {
      const values = new Map<string, string[]>();
      const collect = (nodes: ReturnType<typeof valueTreeOf>) =>
        nodes.forEach((node) => {
          if (node.waarden.length)
            values.set(
              node.id,
              node.waarden.map((w) => w.waarde),
            );
          collect(node.waardenlijsten);
        });
      collect(valueTreeOf(discipline, tree));
      const walk = (nodes: readonly RuleNode[]) =>
        nodes.forEach((node) => {
          const path = node.id.split('-').slice(2).join('.');
          const field = fields.get(path) ?? {
            label: node.label,
            fixed: node.fixed,
            disciplines: [] as string[],
            values: new Map<string, string[]>(),
          };
          field.disciplines.push(discipline);
          const own = values.get(node.id);
          if (own) field.values.set(own.join(', '), [...(field.values.get(own.join(', ')) ?? []), discipline]);
          fields.set(path, field);
          walk(node.rules);
        });
      walk(ruleTreeOf(discipline, tree));
    }
    const who = (disciplines: string[]) =>
      disciplines.length === DISCIPLINES.length ? 'alle' : disciplines.join(', ');
    const rows = [...fields].map(([path, field]) => [
      `\`${path}\``,
      field.label,
      field.fixed ? 'ja' : 'nee',
      who(field.disciplines),
      [...field.values].map(([values, disciplines]) => `${who(disciplines)}: ${values}`).join('<br>') || '—',
    ]);
    return `### ${TREE_TITLES[tree]}\n\n${table(['Veld (pad in data)', 'Label', 'Vast', 'Disciplines', 'Waarden (nieuwe waardenlijst)'], rows)}`;
  }).join('\n\n')}\n`;
}

export const CATALOGUE_MARKERS = {
  begin: '<!-- catalogueMarkdown:begin -->',
  end: '<!-- catalogueMarkdown:end -->',
} as const;

export const catalogueSection = (document: string) => markedSection(document, CATALOGUE_MARKERS);
