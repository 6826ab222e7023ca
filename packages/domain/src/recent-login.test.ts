import { describe, expect, it } from 'vitest';
import { RECENT_LOGIN_TEXTS, recentLoginChallenge, recentLoginWindow } from './recent-login';

describe('the recent-login challenge (RFC 9470)', () => {
  it('is read from a Bearer challenge with insufficient_user_authentication, with its max_age', () => {
    expect(
      recentLoginChallenge('Bearer error="insufficient_user_authentication", error_description="x", max_age=900'),
    ).toEqual({ maxAgeSeconds: 900 });
    expect(recentLoginChallenge('bearer error=insufficient_user_authentication, max_age="30"')).toEqual({
      maxAgeSeconds: 30,
    });
    expect(recentLoginChallenge('Bearer error="insufficient_user_authentication"')).toEqual({ maxAgeSeconds: 900 });
  });

  it('is not any other 401', () => {
    for (const header of [null, undefined, '', 'Bearer', 'Bearer error="invalid_token"', 'Basic realm="x"']) {
      expect(recentLoginChallenge(header)).toBeUndefined();
    }
  });
});

describe('the window in words', () => {
  it('says minutes, one minute, or seconds below a minute', () => {
    expect(recentLoginWindow(900)).toBe('15 minuten');
    expect(recentLoginWindow(60)).toBe('1 minuut');
    expect(recentLoginWindow(30)).toBe('30 seconden');
    expect(RECENT_LOGIN_TEXTS.required(900)).toBe(
      'Voor deze actie moet u in de afgelopen 15 minuten zijn ingelogd. Log opnieuw in en probeer het nog eens.',
    );
  });
});
