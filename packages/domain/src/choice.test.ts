import { describe, expect, it } from 'vitest';
import { berichtVersieSchema, disciplineSchema, REGELS_TEXTS } from './regels';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('a required choice', () => {
  it("asks for a choice when left empty or absent: 'Kies een berichtversie'", () => {
    expect(messageOf(berichtVersieSchema.safeParse(''))).toBe('Kies een berichtversie');
    expect(messageOf(berichtVersieSchema.safeParse(undefined))).toBe('Kies een berichtversie');
    expect(messageOf(disciplineSchema.safeParse(''))).toBe('Kies een discipline');
  });

  it('names the values allowed for any other value', () => {
    expect(messageOf(berichtVersieSchema.safeParse('3.0'))).toBe(REGELS_TEXTS.berichtVersie);
    expect(messageOf(disciplineSchema.safeParse('Lucht'))).toBe(REGELS_TEXTS.discipline);
  });
});
