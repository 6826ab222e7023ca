import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals testing-library cannot register its own cleanup.
afterEach(cleanup);

// findBy*/waitFor wait for a positive signal; on a busy two-core runner (npm test runs the suites
// side by side) a lazy route or a dialog's first render can take seconds, so wait up to 5 s
// everywhere instead of testing-library's 1 s and a timeout per call.
configure({ asyncUtilTimeout: 5_000 });
