// Issue 48 #5: the comment box enables Submit by the rule the API's CommentContentSchema checks
// with (commentTextProblem, zod-free: article pages ship no zod); a stricter shared rule holds in
// the box too.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commentTextProblem } from '@app/shared/browser';
import { CommentForm } from './comment-form';

const stricter = vi.hoisted(() => ({ on: false }));
vi.mock('@app/shared/browser', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@app/shared/browser')>();
  const atLeast5 = (text: string) => (text.trim().length < 5 ? 'Comment must be at least 5 characters' : null);
  return { ...shared, get commentTextProblem() { return stricter.on ? atLeast5 : shared.commentTextProblem; } };
});
afterEach(() => {
  stricter.on = false;
});

function box() {
  render(<CommentForm label="Add a comment" submitLabel="Post Comment" place="article:3" onSubmit={vi.fn(async () => true)} />);
  return {
    type: (value: string) => fireEvent.change(screen.getByLabelText('Add a comment'), { target: { value } }),
    submit: () => screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement,
  };
}

describe('the comment box follows the shared comment rule', () => {
  it('keeps Submit disabled while the rule finds a problem (blank after trimming)', () => {
    const { type, submit } = box();
    type('   ');
    expect(commentTextProblem('   ')).toBe('Comment cannot be empty');
    expect(submit().disabled).toBe(true);
    type('Nice');
    expect(submit().disabled).toBe(false);
  });

  it('follows the shared rule when it changes', () => {
    stricter.on = true;
    const { type, submit } = box();
    type('Nice');
    expect(submit().disabled).toBe(true);
    type('Nice one');
    expect(submit().disabled).toBe(false);
  });
});
