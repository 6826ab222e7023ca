import { describe, expect, it } from 'vitest';
import { formatVersionRef, olderAndNewer, parseVersionRef, type VersionRef } from './version-ref';

const ref = (id: string, versie: number, ingangsdatum: string, netbeheerder = 'Netbeheer_Noord'): VersionRef => ({
  id,
  netbeheerder,
  berichtVersie: '2.0',
  versie,
  ingangsdatum,
});

describe('olderAndNewer', () => {
  const voorjaar = ref('v1', 1, '2025-05-23');
  const najaar = ref('v2', 2, '2025-09-01');

  it('puts the version that takes effect later last, whichever was chosen first', () => {
    expect(olderAndNewer(voorjaar, najaar)).toEqual({ older: voorjaar, newer: najaar });
    expect(olderAndNewer(najaar, voorjaar)).toEqual({ older: voorjaar, newer: najaar });
  });

  it('goes by the effective date, not the number, across grid operators and within one', () => {
    const zuid = ref('z5', 5, '2025-03-03', 'Netbeheer_Zuid');
    expect(olderAndNewer(zuid, voorjaar)).toEqual({ older: zuid, newer: voorjaar });
    const laterNumberEarlierDate = ref('v3', 3, '2025-06-02');
    expect(olderAndNewer(laterNumberEarlierDate, najaar)).toEqual({ older: laterNumberEarlierDate, newer: najaar });
  });

  it('takes the higher number as newer on the same effective date', () => {
    const same = ref('v3', 3, '2025-09-01');
    expect(olderAndNewer(same, najaar)).toEqual({ older: najaar, newer: same });
    expect(olderAndNewer(najaar, same)).toEqual({ older: najaar, newer: same });
  });
});

describe('version refs in the URL', () => {
  it('round-trips, and refuses what is not a ref', () => {
    const value = ref('v1', 1, '2025-05-23');
    expect(parseVersionRef(formatVersionRef(value))).toEqual(value);
    expect(parseVersionRef('v1~Netbeheer_Noord~2.0~1')).toBeUndefined();
    expect(parseVersionRef('v1~Netbeheer_Noord~2.0~1~morgen')).toBeUndefined();
    expect(parseVersionRef(null)).toBeUndefined();
  });
});
