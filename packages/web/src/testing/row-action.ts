/**
 * The accessible name of a row's button as a pattern: the action, then which row ('Opnieuw
 * verzenden: Opdracht OPD-1'). Scoped `within` a row, it finds that row's button.
 */
export function rowAction(action: string): RegExp {
  return new RegExp(`^${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .+`);
}
