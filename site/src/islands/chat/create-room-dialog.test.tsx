// Issue 48 #5: the create-room dialog checks with the schema POST /api/chat/rooms parses with and
// shows its messages; made stricter in the shared schema, the rule is stricter in the dialog too.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateChatRoomSchema } from '@app/shared/forms';
import { CreateRoomDialog } from './create-room-dialog';

const stricter = vi.hoisted(() => ({ on: false }));
vi.mock('@app/shared/forms', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@app/shared/forms')>();
  const z = await import('zod/mini');
  const changed = z.extend(shared.CreateChatRoomSchema, { name: z.string().check(z.trim(), z.minLength(20, 'Room name must be at least 20 characters')) });
  return { ...shared, get CreateChatRoomSchema() { return stricter.on ? changed : shared.CreateChatRoomSchema; } };
});

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    posted.push(body);
    return new Response(JSON.stringify({ id: 9, ...body }), { status: 201, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  stricter.on = false;
  vi.unstubAllGlobals();
});

function create(name: string) {
  render(<CreateRoomDialog onCreated={vi.fn()} onClose={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('Room name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Somewhere to practise together.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Room' }));
}

describe('a new chat room is checked by the rule the API checks with', () => {
  it('shows the shared schema’s message for a short name and sends nothing', async () => {
    create('ab');
    const check = CreateChatRoomSchema.shape.name.safeParse('ab');
    expect(check.error?.issues[0]?.message).toBe('Room name must be at least 3 characters');
    expect(await screen.findByText(check.error!.issues[0]!.message)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('follows the shared rule when it changes', async () => {
    stricter.on = true;
    create('Practice room');
    expect(await screen.findByText('Room name must be at least 20 characters')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('sends what the shared schema makes of the form: trimmed, free and public unless chosen', async () => {
    create('  Practice room  ');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ name: 'Practice room', description: 'Somewhere to practise together.', membershipRequired: 'free', isPrivate: false });
  });
});
