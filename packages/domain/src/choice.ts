/**
 * What an empty required choice says (a select with nothing chosen): 'Kies een berichtversie',
 * the field's name in lower case. It asks for a choice rather than listing the values allowed.
 */
export const chooseText = (field: string) => `Kies een ${field.toLowerCase()}`;

/**
 * The zod `error` of a required choice among fixed values: `chooseText(field)` when the value is
 * empty or absent, else `invalid` (a value outside the list, which only a caller of the API sends).
 */
export function choiceError(field: string, invalid: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === '' ? chooseText(field) : invalid;
}
