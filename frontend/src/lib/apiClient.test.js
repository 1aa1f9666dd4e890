import { describe, expect, it } from 'vitest';
import { endsSession } from './apiClient';

const failure = (url, status = 401, token = 'abc') => ({
  config: { url, headers: token ? { Authorization: token } : {} },
  response: { status },
});

describe('endsSession', () => {
  it('treats a refused token on an ordinary call as a dead session', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth'), 'abc')).toBe(true);
    expect(endsSession(failure('/api/v1/category/create-category'), 'abc')).toBe(true);
  });
  it('never ends the session for wrong credentials on login, register or reset', () => {
    expect(endsSession(failure('/api/v1/auth/login'), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/register'), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/forgot-password'), 'abc')).toBe(false);
  });
  it('ignores calls without a token and other statuses', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, null), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 403), 'abc')).toBe(false);
    expect(endsSession({ message: 'Network Error' }, 'abc')).toBe(false);
  });
  it('leaves a newer session alone when a call sent with an older token answers 401 late', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), 'new')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), undefined)).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), '')).toBe(false);
  });
});
