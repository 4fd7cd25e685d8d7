import { describe, expect, it } from 'vitest';
import { routingPath } from './routing.mjs';

describe('the path the front door routes on', () => {
  it.each([
    ['/api/INTERNAL/content-changed', '/api/internal/content-changed'],
    ['/api/%69nternal/rebuild', '/api/internal/rebuild'],
    ['/API/Internal?x=1', '/api/internal'],
    ['//api/internal', '/api/internal'],
    ['/api\\internal', '/api/internal'],
    ['/articles/4', '/articles/4'],
  ])('reads %s as %s', (url, expected) => {
    expect(routingPath(url)).toBe(expected);
  });

  it.each(['/api/x/../internal/rebuild', '/api/%2e%2e/api/internal', '/api/./internal', '/cms/..%2Fapi/internal', '/%E0%A4%A', '/a%00b'])('refuses %s', (url) => {
    expect(routingPath(url)).toBeNull();
  });
});
