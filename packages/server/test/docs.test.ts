import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueMarkdown,
  catalogueSection,
  lifecycleMarkdown,
  lifecycleSection,
  markedSection,
} from '@knooppunt/domain';
import { REPO_ROOT, loadConfig } from '../src/config';
import { createTokenCache } from '../src/delivery/tokens';
import { KOPPELEN_SECTIONS, afleverenMarkdown, berichttypenMarkdown, deliveryFacts } from '../src/modules/docs/facts';

describe('docs/lifecycle.md', () => {
  it('shows exactly the lifecycle the platform implements', () => {
    const document = readFileSync(path.join(REPO_ROOT, 'docs/lifecycle.md'), 'utf8');
    expect(lifecycleSection(document)).toBe(lifecycleMarkdown());
  });
});

describe('docs/regels.md', () => {
  it('shows exactly the field catalogue the platform builds its trees from', () => {
    const document = readFileSync(path.join(REPO_ROOT, 'docs/regels.md'), 'utf8');
    expect(catalogueSection(document)).toBe(catalogueMarkdown());
  });
});

describe('docs/koppelen.md (decision 0039)', () => {
  const document = readFileSync(path.join(REPO_ROOT, 'docs/koppelen.md'), 'utf8');
  const prose = document.replace(/\s+/g, ' ');

  it('lists exactly the message types of the domain, with their senders and receivers', () => {
    expect(markedSection(document, KOPPELEN_SECTIONS.berichttypen)).toBe(berichttypenMarkdown());
  });

  it("shows exactly the delivery's backoff schedule, timeout and limits of the default configuration", () => {
    expect(markedSection(document, KOPPELEN_SECTIONS.afleveren)).toBe(afleverenMarkdown(deliveryFacts(loadConfig({}))));
  });

  it("shows a token of Knooppunt with the embedded provider's default validity", () => {
    const example = /"expires_in": (\d+)/.exec(document)?.[1];
    expect(Number(example)).toBe(loadConfig({}).oidc.accessTokenTtlSeconds);
  });

  it("says when Knooppunt renews a participant's token as the token cache does it", async () => {
    const said =
      /haalt een nieuw (\d+) s voordat het verloopt, of, als het korter dan (\d+) s geldig is, wanneer nog (\d+) % van de geldigheid over is/.exec(
        prose,
      );
    expect(said).not.toBeNull();
    const [marginSeconds, shortSeconds, percent] = [said?.[1], said?.[2], said?.[3]].map(Number) as [
      number,
      number,
      number,
    ];
    for (const lifeSeconds of [3600, shortSeconds, 100]) {
      const renewBeforeMs = (lifeSeconds < shortSeconds ? (lifeSeconds * percent) / 100 : marginSeconds) * 1000;
      let clock = 0;
      let fetched = 0;
      const outbound = {
        post: async () => {
          fetched++;
          const text = JSON.stringify({ access_token: `token-${fetched}`, expires_in: lifeSeconds });
          return { status: 200, statusText: 'OK', headers: {}, text, truncated: false };
        },
      };
      const tokens = createTokenCache(outbound, () => clock);
      const source = {
        tokenUrl: 'https://auth.example/token',
        clientId: 'id',
        clientSecret: 's',
        scope: '',
        useMtls: false,
      };
      await tokens.get('key', source);
      clock = lifeSeconds * 1000 - renewBeforeMs - 1;
      await tokens.get('key', source);
      expect(fetched, `${lifeSeconds} s, just before`).toBe(1);
      clock += 1;
      await tokens.get('key', source);
      expect(fetched, `${lifeSeconds} s, at the moment`).toBe(2);
    }
  });
});
