import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentTextProblem, COMMENT_MAX_LENGTH } from './comment-text.ts';
import { CreateCommentSchema } from './comments.ts';
import { CheckoutFormSchema, CreateBulletinPostSchema, CreateChatRoomSchema } from './forms.ts';

/** The modules a file brings at run time (type-only imports left out), following relative imports. */
function runtimeImports(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    const code = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)].map((m) => m[1]!);
    found.set(file, specifiers);
    for (const s of specifiers) if (s.startsWith('.')) visit(path.resolve(path.dirname(file), s));
  };
  visit(path.resolve(import.meta.dirname, entry));
  return found;
}

/** The modules in `entry`'s graph that import `pkg` themselves. */
const bring = (entry: string, pkg: string) => [...runtimeImports(entry)].filter(([, specifiers]) => specifiers.includes(pkg)).map(([file]) => path.basename(file));

describe('what the forms ship to the browser', () => {
  it('the forms’ schemas bring zod/mini and never full zod', () => {
    expect(bring('./forms.ts', 'zod/mini')).toEqual(['account-form-schemas.ts', 'profile-form-schemas.ts', 'community-form-schemas.ts', 'checkout-schemas.ts', 'second-factor.ts']);
    expect(bring('./forms.ts', 'zod')).toEqual([]);
  });

  it('the comment rule brings no zod at all (article pages ship none)', () => {
    expect(bring('./comment-text.ts', 'zod')).toEqual([]);
    expect(bring('./comment-text.ts', 'zod/mini')).toEqual([]);
  });
});

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('the forms’ messages are the spec’s (spec 02 §5, 01 §5)', () => {
  const post = { title: 'A fine title', content: 'Long enough content.', category: 'General' };
  it.each([
    [{ title: '  ab  ' }, 'Title must be at least 3 characters'],
    [{ content: 'too short' }, 'Content must be at least 10 characters'],
    [{ category: '' }, 'Please select a category'],
  ])('bulletin post %j: "%s"', (change, message) => {
    expect(firstMessage(CreateBulletinPostSchema.safeParse({ ...post, ...change }))).toBe(message);
  });

  it('a chat room: name at least 3, description at least 10, free and public unless chosen', () => {
    expect(firstMessage(CreateChatRoomSchema.safeParse({ name: 'ab', description: 'A room for practice.' }))).toBe('Room name must be at least 3 characters');
    expect(firstMessage(CreateChatRoomSchema.safeParse({ name: 'Practice', description: 'Too short' }))).toBe('Description must be at least 10 characters');
    expect(CreateChatRoomSchema.parse({ name: ' Practice ', description: 'A room for practice.' })).toEqual({ name: 'Practice', description: 'A room for practice.', membershipRequired: 'free', isPrivate: false });
  });

  it('checkout: the length first, then digits only', () => {
    const form = { fullName: 'Ada', email: 'ada@example.com', address: '12 Analytical Way', city: 'London', state: 'LN', zipCode: '10001', country: 'UK', cardName: 'Ada', cardNumber: '4242424242424242', expMonth: '04', expYear: '2030', cvv: '123' };
    expect(CheckoutFormSchema.safeParse(form).success).toBe(true);
    expect(firstMessage(CheckoutFormSchema.safeParse({ ...form, cardNumber: '42' }))).toBe('Card number must be at least 16 digits');
    expect(firstMessage(CheckoutFormSchema.safeParse({ ...form, cardNumber: '4242-4242-4242-4242' }))).toBe('Card number must contain only digits');
    expect(firstMessage(CheckoutFormSchema.safeParse({ ...form, email: 'ada@' }))).toBe('Invalid email address');
  });

  it('a comment: the API’s schema says what the form’s rule says', () => {
    for (const content of ['', '   ', 'Fine.', 'x'.repeat(COMMENT_MAX_LENGTH), 'x'.repeat(COMMENT_MAX_LENGTH + 1)]) {
      expect(firstMessage(CreateCommentSchema.safeParse({ content }))).toBe(commentTextProblem(content));
    }
    expect(commentTextProblem('   ')).toBe('Comment cannot be empty');
  });
});
