import { describe, expect, it } from 'vitest';
import { auditDiff, flatten, WHOLE_VALUE_KEY } from './audit-diff';

describe('auditDiff', () => {
  it('lists changed, added and removed fields with nested objects and lists as dotted keys', () => {
    const before = {
      naam: 'Alfa',
      sender: { url: 'https://a.example', maxMessages: 5 },
      emails: ['a@x.nl'],
      oud: true,
    };
    const after = {
      naam: 'Alfa',
      sender: { url: 'https://b.example', maxMessages: 5 },
      emails: ['a@x.nl', 'b@x.nl'],
      nieuw: null,
    };

    expect(auditDiff(before, after)).toEqual({
      rows: [
        { key: 'sender.url', change: 'gewijzigd', before: 'https://a.example', after: 'https://b.example' },
        { key: 'oud', change: 'verwijderd', before: 'true' },
        { key: 'emails.1', change: 'toegevoegd', after: 'b@x.nl' },
        { key: 'nieuw', change: 'toegevoegd', after: 'null' },
      ],
      unchanged: 3,
    });
  });

  it('adds every field of a creation and removes every field of a deletion', () => {
    expect(auditDiff(null, { id: 'x', rollen: [] }).rows).toEqual([
      { key: 'id', change: 'toegevoegd', after: 'x' },
      { key: 'rollen', change: 'toegevoegd', after: '[]' },
    ]);
    expect(auditDiff({ id: 'x' }, undefined).rows).toEqual([{ key: 'id', change: 'verwijderd', before: 'x' }]);
    expect(auditDiff(null, null)).toEqual({ rows: [], unchanged: 0 });
  });

  it('tells a number from the same digits as text, and compares a value that is not an object whole', () => {
    expect(auditDiff({ versie: 5 }, { versie: '5' }).rows).toEqual([
      { key: 'versie', change: 'gewijzigd', before: '5', after: '5' },
    ]);
    expect(auditDiff({ scope: 'a' }, { scope: '' }).rows).toEqual([
      { key: 'scope', change: 'gewijzigd', before: 'a', after: '""' },
    ]);
    expect(auditDiff('oud', 'nieuw').rows).toEqual([
      { key: WHOLE_VALUE_KEY, change: 'gewijzigd', before: 'oud', after: 'nieuw' },
    ]);
  });

  it('keeps an empty object as a field of its own when it fills up', () => {
    expect(auditDiff({ extra: {} }, { extra: { a: 1 } }).rows).toEqual([
      { key: 'extra', change: 'verwijderd', before: '{}' },
      { key: 'extra.a', change: 'toegevoegd', after: '1' },
    ]);
    expect([...flatten({ a: { b: [{ c: 1 }] } }).keys()]).toEqual(['a.b.0.c']);
  });
});
