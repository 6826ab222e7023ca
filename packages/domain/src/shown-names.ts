// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this declaration must travel with the file into the server's and the portal's compilations
/// <reference path="./unicode-property-value-aliases-ecmascript.d.ts" />
import scriptAliases from 'unicode-property-value-aliases-ecmascript';
import type { z } from 'zod';

/**
 * Names people read to tell parties apart — an organisation's name, a user's e-mail address, a
 * system client's omschrijving — must not be able to pass for another (issue 31, decision 0053).
 * These are the checks that need nothing but the text itself, so the portal gives the same answer
 * as the server while the user types; the look-alike of an existing organisation needs the stored
 * names and is the server's (its UTS #39 skeleton).
 */

export const SHOWN_NAME_TEXTS = {
  invisible: (label: string, codePoint: string) =>
    `${label} bevat een onzichtbaar teken, stuurteken of afwijkende spatie (${codePoint}). Typ de tekst opnieuw zonder dat teken.`,
  mixedScripts: (label: string, character: string, codePoint: string) =>
    `${label} mengt tekens uit verschillende schriften: '${character}' (${codePoint}) hoort bij een ander schrift dan de tekens ervoor. Gebruik tekens uit één schrift.`,
} as const;

/**
 * What no shown name may hold: controls, format characters (zero width space and joiners,
 * bidirectional embeddings, overrides and isolates, soft hyphen, byte order mark, tags), every other
 * default-ignorable code point (fillers, variation selectors), line and paragraph separators,
 * spaces other than the plain one (a no-break space looks like it), private-use and unassigned code
 * points (nobody can say what they look like).
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/u;

/** `U+200B` */
export const codePointOf = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character a shown name may not hold, or undefined. */
export function invisibleCharacter(value: string): string | undefined {
  return REFUSED.exec(value)?.[0];
}

/** Characters that belong to every script (digits, punctuation, combining marks): they mix with any. */
const ANY_SCRIPT = /[\p{scx=Zyyy}\p{scx=Zinh}]/u;

/**
 * One test per script the JavaScript engine knows (the Script_Extensions property of ECMAScript
 * regular expressions); a script name this engine does not know yet is left out.
 */
const SCRIPT_TESTS: [string, RegExp][] = [...new Set<string>(scriptAliases.get('Script')?.values() ?? [])].flatMap(
  (script): [string, RegExp][] => {
    if (script === 'Common' || script === 'Inherited' || script === 'Unknown') return [];
    try {
      return [[script, new RegExp(`\\p{scx=${script}}`, 'u')]];
    } catch {
      return [];
    }
  },
);

/**
 * UTS #39 §5.1 augmentation: Han goes with Japanese kana and Korean hangul, as written Japanese
 * and Korean mix them; these pseudo-scripts let them count as one.
 */
const AUGMENTED: Record<string, string[]> = {
  Han: ['Han_with_Bopomofo', 'Japanese', 'Korean'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Hangul: ['Korean'],
  Bopomofo: ['Han_with_Bopomofo'],
};

const scriptsCache = new Map<string, Set<string>>();

function scriptsOf(character: string): Set<string> {
  let scripts = scriptsCache.get(character);
  if (!scripts) {
    scripts = new Set(SCRIPT_TESTS.filter(([, test]) => test.test(character)).map(([script]) => script));
    for (const script of [...scripts]) for (const extra of AUGMENTED[script] ?? []) scripts.add(extra);
    scriptsCache.set(character, scripts);
  }
  return scripts;
}

/**
 * The first character whose scripts share none with the characters before it (UTS #39 §5.1: the
 * resolved script set of the text becomes empty there), or undefined for single-script text such
 * as `Netbeheer_Noord 2`; `Netbeheer_Nоord` with a Cyrillic о answers that о.
 */
export function mixedScriptCharacter(value: string): string | undefined {
  let resolved: Set<string> | undefined;
  for (const character of value) {
    if (ANY_SCRIPT.test(character)) continue;
    const scripts = scriptsOf(character);
    const next: Set<string> = resolved ? new Set([...resolved].filter((script) => scripts.has(script))) : scripts;
    if (next.size === 0) return character;
    resolved = next;
  }
  return undefined;
}

/**
 * Why a shown name is refused, as the Dutch message for `label`; undefined when it may be shown.
 * `singleScript` for names that identify a party (organisation, e-mail address); a descriptive
 * text such as a client's omschrijving may mix scripts between its words.
 */
export function shownNameProblem(value: string, label: string, { singleScript }: { singleScript: boolean }) {
  const invisible = invisibleCharacter(value);
  if (invisible !== undefined) return SHOWN_NAME_TEXTS.invisible(label, codePointOf(invisible));
  const mixed = singleScript ? mixedScriptCharacter(value) : undefined;
  if (mixed !== undefined) return SHOWN_NAME_TEXTS.mixedScripts(label, mixed, codePointOf(mixed));
  return undefined;
}

/** The check above as a zod refinement of a (trimmed, NFC-normalised) string field. */
export function shownName(label: string, options: { singleScript: boolean }) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const problem = shownNameProblem(value, label, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}
