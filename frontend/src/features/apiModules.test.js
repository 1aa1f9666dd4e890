// Habit 9 of style.md: each feature's api.js has one function per contract path, and a
// path belongs to one feature. Two copies drift apart (a param added to one only), so
// every call is listed here from the sources and must appear once.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob('./*/api.js', { query: '?raw', import: 'default', eager: true });

// `apiClient.get('/api/v1/auth/users', ...)` -> 'GET /api/v1/auth/users'; a template's
// `${...}` parts read as {} so `/get-product/${slug}` and `/get-product/${id}` are one path.
const CALL = /apiClient\.(get|post|put|patch|delete)\(\s*(['`])(.*?)\2/gs;

function calls() {
  return Object.entries(sources).flatMap(([file, text]) =>
    [...text.matchAll(CALL)].map(([, method, , path]) => ({
      file,
      call: `${method.toUpperCase()} ${path.replace(/\$\{[^}]*\}/g, '{}')}`,
    })),
  );
}

describe('feature api modules', () => {
  it('are all read (the pattern finds the calls)', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(4);
    expect(calls().map((c) => c.call)).toContain('GET /api/v1/category/get-category');
  });

  it('define every call of the contract in exactly one place', () => {
    const byCall = new Map();
    calls().forEach(({ file, call }) => byCall.set(call, [...(byCall.get(call) ?? []), file]));
    const repeated = [...byCall].filter(([, files]) => files.length > 1);
    expect(repeated).toEqual([]);
  });

  it('keep the users list with the admin calls', () => {
    const users = calls().filter((c) => c.call === 'GET /api/v1/auth/users');
    expect(users).toEqual([{ file: './admin/api.js', call: 'GET /api/v1/auth/users' }]);
  });
});
