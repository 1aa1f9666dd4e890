import { describe, expect, it } from 'vitest';
import { endsSession } from './apiClient';

const failure = (url, status = 401, token = 'abc') => ({
  config: { url, headers: token ? { Authorization: token } : {} },
  response: { status },
});

describe('endsSession', () => {
  it('treats a refused token on an ordinary call as a dead session', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth'))).toBe(true);
    expect(endsSession(failure('/api/v1/category/create-category'))).toBe(true);
  });
  it('never ends the session for wrong credentials on login, register or reset', () => {
    expect(endsSession(failure('/api/v1/auth/login'))).toBe(false);
    expect(endsSession(failure('/api/v1/auth/register'))).toBe(false);
    expect(endsSession(failure('/api/v1/auth/forgot-password'))).toBe(false);
  });
  it('ignores calls without a token and other statuses', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, null))).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 403))).toBe(false);
    expect(endsSession({ message: 'Network Error' })).toBe(false);
  });
});
