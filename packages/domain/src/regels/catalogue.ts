import type { Discipline } from '../constants';
import { ASSET_SOORTEN, DRUKKLASSEN } from '../berichten/aansluiting';

/**
 * The catalogue of the Technisch Gereed (TG) and Administratief Gereed Assets (AGA) fields per
 * discipline (docs/regels.md). A new concept scenario's rule trees and a new value list's trees
 * are built from it. Node ids are dash-separated paths: discipline, tree, then the field's path
 * in the message's `data` ('gas-tg-kabelOfLeiding-type'); the value-list dialog's breadcrumb is
 * the id from its third part on. A fixed field is one the message schema requires anyway: its
 * obligation is always 'Ja'.
 */
export const VERPLICHTINGEN = ['', 'Ja', 'Nee'] as const;
export type Verplichting = (typeof VERPLICHTINGEN)[number];

export const RULE_TREES = ['tg', 'aga'] as const;
export type RuleTree = (typeof RULE_TREES)[number];

export interface RuleNode {
  id: string;
  label: string;
  fixed: boolean;
  verplichting: Verplichting;
  rules: RuleNode[];
}

export interface Waarde {
  waarde: string;
  toegestaan: boolean;
}

export interface ValueNode {
  id: string;
  label: string;
  waarden: Waarde[];
  waardenlijsten: ValueNode[];
}

interface Field {
  key: string;
  label: string;
  fixed?: boolean;
  /** Only these disciplines have the field; all when absent. */
  only?: readonly Discipline[];
  /** The values a value list offers for the field, per discipline. */
  values?: (discipline: Discipline) => readonly string[];
  children?: readonly Field[];
}

const METER_DISCIPLINES: readonly Discipline[] = ['Elektra', 'Gas', 'Water'];

const KABEL_TYPES: Record<Discipline, readonly string[]> = {
  Elektra: ['VMvKhas 4x10', 'VMvKhas 4x16', 'VMvKas 4x25', 'VMvKas 4x50', 'YMvK 4x10', 'XLPE 4x95'],
  Gas: ['PE 32', 'PE 40', 'PE 63', 'PVC 40', 'Staal 1"', 'Koper 22'],
  Water: ['PE 32', 'PE 40', 'PE 50', 'PVC 63', 'Gietijzer 80'],
  Glas: ['Glasvezel 12v', 'Glasvezel 24v', 'Glasvezel 48v', 'Mantelbuis 7 mm'],
  CAI: ['Coax RG6', 'Coax RG11', 'Coax QR540'],
  Koper: ['Koper 2-aderig', 'Koper 4-aderig', 'Koper 10-paars'],
  Riool: ['PVC 110', 'PVC 125', 'PVC 160', 'Beton 300', 'Gres 150'],
};

const METER_FABRIKANTEN: Partial<Record<Discipline, readonly string[]>> = {
  Elektra: ['Kaifa', 'Landis+Gyr', 'Iskra', 'Sagemcom', 'Kamstrup'],
  Gas: ['Itron', 'Flonidan', 'Pipersberg', 'Honeywell Elster'],
  Water: ['Kamstrup', 'Sensus', 'Itron', 'Diehl'],
};

const MATERIALEN: Record<Discipline, readonly string[]> = {
  Elektra: [
    'VMvKhas 4x10',
    'VMvKhas 4x16',
    'VMvKas 4x25',
    'Aftakmof 4x10/4x150',
    'Verbindingsmof 4x10',
    'Aansluitkast kunststof',
  ],
  Gas: ['PE', 'PVC', 'Staal', 'Koper'],
  Water: ['PE', 'PVC', 'Gietijzer', 'Asbestcement'],
  Glas: ['Glasvezel', 'HDPE'],
  CAI: ['Koper', 'Kunststof'],
  Koper: ['Koper', 'Kunststof'],
  Riool: ['PVC', 'Beton', 'Gres'],
};

const TG_FIELDS: readonly Field[] = [
  { key: 'uitvoerdatum', label: 'Uitvoerdatum', fixed: true },
  {
    key: 'meter',
    label: 'Meter',
    only: METER_DISCIPLINES,
    children: [
      { key: 'meternummer', label: 'Meternummer' },
      { key: 'fabrikant', label: 'Fabrikant', values: (d) => METER_FABRIKANTEN[d] ?? [] },
      { key: 'type', label: 'Type meter' },
      { key: 'standen', label: 'Meterstanden' },
    ],
  },
  {
    key: 'kabelOfLeiding',
    label: 'Kabel of leiding',
    fixed: true,
    children: [
      { key: 'type', label: 'Type', fixed: true, values: (d) => KABEL_TYPES[d] },
      { key: 'lengteMeter', label: 'Lengte (m)', fixed: true },
      { key: 'diameterMm', label: 'Diameter (mm)', only: ['Gas', 'Water', 'Riool'] },
    ],
  },
  { key: 'drukklasse', label: 'Drukklasse', only: ['Gas'], values: () => DRUKKLASSEN },
  { key: 'fotos', label: "Foto's" },
];

const AGA_FIELDS: readonly Field[] = [
  {
    key: 'assets',
    label: 'Assets',
    fixed: true,
    children: [
      { key: 'soort', label: 'Soort', fixed: true, values: () => ASSET_SOORTEN },
      { key: 'objectId', label: 'Object ID', fixed: true },
      { key: 'coordinaten', label: 'Coördinaten (RD)', fixed: true },
      { key: 'materiaal', label: 'Materiaal', fixed: true, values: (d) => MATERIALEN[d] },
      { key: 'lengteMeter', label: 'Lengte (m)' },
    ],
  },
];

const FIELDS: Record<RuleTree, readonly Field[]> = { tg: TG_FIELDS, aga: AGA_FIELDS };

const fieldsOf = (fields: readonly Field[], discipline: Discipline) =>
  fields.filter((field) => !field.only || field.only.includes(discipline));

/** The rule tree a new scenario of `discipline` starts with: fixed fields 'Ja', the rest optional (''). */
export function ruleTreeOf(discipline: Discipline, tree: RuleTree): RuleNode[] {
  const build = (fields: readonly Field[], prefix: string): RuleNode[] =>
    fieldsOf(fields, discipline).map((field) => {
      const id = `${prefix}-${field.key}`;
      return {
        id,
        label: field.label,
        fixed: field.fixed ?? false,
        verplichting: field.fixed ? 'Ja' : '',
        rules: build(field.children ?? [], id),
      };
    });
  return build(FIELDS[tree], `${discipline.toLowerCase()}-${tree}`);
}

/**
 * The value-list tree a new list of `discipline` starts with: every field with values (and the
 * fields above it), each value allowed.
 */
export function valueTreeOf(discipline: Discipline, tree: RuleTree): ValueNode[] {
  const build = (fields: readonly Field[], prefix: string): ValueNode[] =>
    fieldsOf(fields, discipline).flatMap((field) => {
      const id = `${prefix}-${field.key}`;
      const waarden = (field.values?.(discipline) ?? []).map((waarde) => ({ waarde, toegestaan: true }));
      const waardenlijsten = build(field.children ?? [], id);
      return waarden.length > 0 || waardenlijsten.length > 0
        ? [{ id, label: field.label, waarden, waardenlijsten }]
        : [];
    });
  return build(FIELDS[tree], `${discipline.toLowerCase()}-${tree}`);
}

/** The path in the message's `data` a node id stands for: its parts from the third on. */
export const dataPathOf = (nodeId: string): string[] => nodeId.split('-').slice(2);

/** The value-list dialog's breadcrumb (spec 001 §2.5). */
export const breadcrumbOf = (nodeId: string): string => dataPathOf(nodeId).join(' > ');
