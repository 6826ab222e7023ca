import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The walls of the server (decision 0031) hold by lint, which `npm test` runs over every file: this
 * proves the rules themselves, on imports as the walls' first breaches were written (issue 21 items
 * 17 and 18, issue 30 item 7), so a change of eslint.config.js cannot quietly let them through again.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, 'packages/server/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import walls of the server', { timeout: 60_000 }, () => {
  it('keep the demo out of production code: the identity provider may not import demo data', async () => {
    const source = "import { DEMO_USERS } from '../demo/data';\nexport const users = DEMO_USERS;\n";
    expect(await restricted('idp/plugin.ts', source)).toEqual([expect.stringContaining('does not know the demo')]);
    expect(await restricted('modules/users/service.ts', source.replace('../demo', '../../demo'))).toHaveLength(1);
    expect(
      await restricted('delivery/worker.ts', "import { demoMode } from '../demo';\nexport { demoMode };\n"),
    ).toEqual([expect.stringContaining('does not know the demo')]);
  });

  it('let the composition root and the demo itself import the demo', async () => {
    expect(await restricted('app.ts', "import { DEMO_USERS } from './demo/data';\nexport { DEMO_USERS };\n")).toEqual(
      [],
    );
    expect(await restricted('demo/seed.ts', "import { DEMO_USERS } from './data';\nexport { DEMO_USERS };\n")).toEqual(
      [],
    );
  });

  it('keep delivery below the modules, and let it use what lies below both', async () => {
    const breaches = [
      "import { secretContext } from '../modules/configs/service';\nexport { secretContext };\n",
      "import { judgeTokenResponse } from '../modules/connection-check/token';\nexport { judgeTokenResponse };\n",
    ];
    for (const source of breaches) {
      expect(await restricted('delivery/tokens.ts', source)).toEqual([
        expect.stringContaining('Delivery does not import the modules'),
      ]);
    }
    const allowed =
      "import { secretContext } from '../secrets/context';\nimport { judgeTokenResponse } from '../outbound/token-response';\nexport { secretContext, judgeTokenResponse };\n";
    expect(await restricted('delivery/tokens.ts', allowed)).toEqual([]);
    // The modules themselves may use each other and delivery.
    expect(
      await restricted(
        'modules/messages/repository.ts',
        "import { notifyNewWork } from '../../delivery/enqueue';\nexport { notifyNewWork };\n",
      ),
    ).toEqual([]);
  });

  it('keep mail below the identity provider and delivery, which send through it', async () => {
    const breaches = [
      "import { escapeHtml } from '../idp/html';\nexport { escapeHtml };\n",
      "import { PASSWORD_LINK_DAYS } from '../idp/password-links';\nexport { PASSWORD_LINK_DAYS };\n",
      "import { atMostEvery } from '../delivery/metrics';\nexport { atMostEvery };\n",
    ];
    for (const source of breaches) {
      expect(await restricted('mail/templates.ts', source)).toEqual([
        expect.stringContaining('Mail knows neither the identity provider nor delivery'),
      ]);
    }
    const allowed =
      "import { PASSWORD_LINK_DAYS } from '@knooppunt/domain';\nimport { escapeHtml } from '../lib/html';\nimport { atMostEvery } from '../lib/at-most-every';\nexport { PASSWORD_LINK_DAYS, escapeHtml, atMostEvery };\n";
    expect(await restricted('mail/templates.ts', allowed)).toEqual([]);
    expect(await restricted('mail/outbox.ts', "import { demoMode } from '../demo';\nexport { demoMode };\n")).toEqual([
      expect.stringContaining('does not know the demo'),
    ]);
    // The other way round is how mail is used.
    expect(
      await restricted(
        'idp/directory.ts',
        "import { invitationMail } from '../mail/templates';\nexport { invitationMail };\n",
      ),
    ).toEqual([]);
  });

  it('still keep the portal out of the server everywhere', async () => {
    expect(await restricted('delivery/tokens.ts', "import { x } from '@knooppunt/web';\nexport { x };\n")).toEqual([
      expect.stringContaining('The server never imports the portal.'),
    ]);
  });
});
