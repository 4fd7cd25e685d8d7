import { describe, expect, it } from 'vitest';
import { errorFromResponse, errorMessage } from './api-client.ts';

describe('the error rule "status: detail"', () => {
  it('uses the message field first', async () => {
    const e = await errorFromResponse(new Response('{"message":"Invalid username or password","error":"x"}', { status: 401 }));
    expect(e.message).toBe('401: Invalid username or password');
  });
  it('falls back to the error field, then the serialized body', async () => {
    expect((await errorFromResponse(new Response('{"error":"Nope"}', { status: 403 }))).message).toBe('403: Nope');
    expect((await errorFromResponse(new Response('{"a":1}', { status: 400 }))).message).toBe('400: {"a":1}');
  });
  it('uses the text of a non-JSON body, else the status text', async () => {
    expect((await errorFromResponse(new Response('Bad gateway', { status: 502 }))).message).toBe('502: Bad gateway');
    expect((await errorFromResponse(new Response('', { status: 500, statusText: 'Internal Server Error' }))).message).toBe('500: Internal Server Error');
    expect((await errorFromResponse(new Response('', { status: 500 }))).message).toBe('500: Unknown error occurred');
  });
});

describe('what people are shown for a failed call', () => {
  it('is the server’s sentence when it wrote one', async () => {
    expect(errorMessage(await errorFromResponse(new Response('{"message":"Post not found"}', { status: 404 })), 'Failed to delete post')).toBe('Post not found');
    expect(errorMessage(await errorFromResponse(new Response('Bad gateway', { status: 502 })), 'Failed')).toBe('Bad gateway');
  });
  it('is the fallback sentence for an empty object, JSON without a message, HTML or nothing at all', async () => {
    for (const body of ['{}', '{"a":1}', '[]', '<html><body>502</body></html>', '', '{"message":""}']) {
      expect(errorMessage(await errorFromResponse(new Response(body, { status: 500 })), 'Failed to add to favorites')).toBe('Failed to add to favorites');
    }
    expect(errorMessage(new Error('boom'), 'An error occurred while updating the user status.')).toBe('An error occurred while updating the user status.');
  });
});
