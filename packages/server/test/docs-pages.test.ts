import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KOPPELEN_PATH, MESSAGE_TYPES } from '@knooppunt/domain';
import { REPO_ROOT, loadConfig } from '../src/config';
import { deliveryFacts } from '../src/modules/docs/facts';
import { EXAMPLE_ORIGIN, servedMarkdown } from '../src/modules/docs/pages';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The hrefs of a page's links. */
const links = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1] ?? '');

describe(`GET ${KOPPELEN_PATH} (decision 0039)`, () => {
  it('answers the guide as an HTML page, without a token, titled and naming every message type', async () => {
    const response = await get(KOPPELEN_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Koppelen met Knooppunt</title>');
    expect(response.body).toContain('<h1 id="koppelen-met-knooppunt">Koppelen met Knooppunt</h1>');
    for (const type of MESSAGE_TYPES) expect(response.body).toContain(`<td><code>${type}</code></td>`);
    expect(response.body).toContain('<h2 id="voordat-u-live-gaat">Voordat u live gaat</h2>');
  });

  it("names this Knooppunt's own addresses instead of the example ones", async () => {
    const { body } = await get(KOPPELEN_PATH);
    expect(body).toContain(`${t.config.publicUrl}/oidc/token`);
    expect(body).toContain(`${t.config.publicUrl}/api/v1/berichten`);
    expect(body).not.toContain(new URL(EXAMPLE_ORIGIN).host);
  });

  it('runs under the content security policy: no script, no inline style, a stylesheet of this origin', async () => {
    const response = await get(KOPPELEN_PATH);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    const stylesheet = /<link rel="stylesheet" href="(\/[^"]+)">/.exec(response.body)?.[1] ?? '';
    const css = await get(stylesheet);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('links only pages that are served, and anchors that exist on them', async () => {
    const pages = new Map<string, string>();
    const page = async (url: string) => {
      if (!pages.has(url)) pages.set(url, (await get(url)).body);
      return pages.get(url) ?? '';
    };
    const toCheck = [KOPPELEN_PATH, '/docs/berichten', '/docs/lifecycle'];
    for (const url of toCheck) {
      expect((await get(url)).statusCode, url).toBe(200);
      for (const href of links(await page(url))) {
        const target = new URL(href, `${t.config.publicUrl}${url}`);
        expect(target.origin, `${url} → ${href}`).toBe(new URL(t.config.publicUrl).origin);
        const response = await get(target.pathname);
        expect(response.statusCode, `${url} → ${href}`).toBe(200);
        if (target.hash) expect(await page(target.pathname)).toContain(` id="${target.hash.slice(1)}"`);
      }
    }
  });
});

describe('the delivery figures of the served guide', () => {
  it('are those of the running configuration, at its own address', () => {
    const config = loadConfig({ OUTBOUND_TIMEOUT_MS: '2500', PUBLIC_URL: 'https://knooppunt.netwerkbedrijf.example' });
    const markdown = readFileSync(path.join(REPO_ROOT, 'docs/koppelen.md'), 'utf8');
    const served = servedMarkdown(markdown, { publicUrl: config.publicUrl, facts: deliveryFacts(config) });
    expect(served).toMatch(/\| Tijdslimiet van één verzoek[^|]*\| 2,5 s +\|/);
    expect(served).toMatch(/\| Een bericht dat onderweg was[^|]*\| 12,5 s +\|/);
    expect(served).toContain('https://knooppunt.netwerkbedrijf.example/oidc/token');
    expect(served).not.toContain(EXAMPLE_ORIGIN);
  });
});

describe('Swagger UI at /docs (decision 0039)', () => {
  it("opens on the participants' API, and offers the callbacks and the portal's API beside it", async () => {
    const initializer = await get('/docs/static/swagger-initializer.js');
    const offered = [...initializer.body.matchAll(/"url":\s*"([^"]+)"/g)].map((match) => match[1]);
    expect(offered).toEqual(['/docs/deelnemers.json', '/docs/callbacks.json', '/docs/json']);
    for (const url of offered) expect((await get(url ?? '')).statusCode, url).toBe(200);
  });

  it("serves the participants' API as a valid OpenAPI 3.1 document of its own, linking the guide", async () => {
    const document = (await get('/docs/deelnemers.json')).json<{
      paths: Record<string, unknown>;
      externalDocs: { url: string; description: string };
      info: { description: string };
    }>();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(Object.keys(document.paths)).toContain('/api/v1/berichten');
    for (const url of Object.keys(document.paths)) expect(url).toMatch(/^\/api\//);
    expect(document.externalDocs).toEqual({
      description: 'Koppelen met Knooppunt',
      url: `${t.config.publicUrl}${KOPPELEN_PATH}`,
    });
    expect(document.info.description).toContain(`[Koppelen met Knooppunt](${t.config.publicUrl}${KOPPELEN_PATH})`);
    expect(JSON.stringify(document)).not.toContain('#/components/schemas/RuleNode');
  });
});
