import { describe, expect, it } from 'vitest';
import { recentLogin } from './recent-login';

describe('the recent-login question', () => {
  it('is shared by calls refused together: one new login answers them all', async () => {
    const first = recentLogin.request(900);
    const second = recentLogin.request(900);
    recentLogin.done('token-recent');
    await expect(Promise.all([first, second])).resolves.toEqual(['token-recent', 'token-recent']);
  });

  it('answers every waiting call with nothing when the user declines', async () => {
    const first = recentLogin.request(900);
    const second = recentLogin.request(900);
    recentLogin.cancel();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });
});
