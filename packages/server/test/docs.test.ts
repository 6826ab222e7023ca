import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueMarkdown, catalogueSection, lifecycleMarkdown, lifecycleSection } from '@knooppunt/domain';
import { REPO_ROOT } from '../src/config';

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
