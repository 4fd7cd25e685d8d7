import { describe, expect, it } from 'vitest';
import { catchUpLedger } from '../src/ws/catch-up-ledger.ts';

// Each chat message reaches a socket once, whichever of three paths carries it: the instance that
// saved it (from its row), its announcement (NOTIFY), a catch-up after the LISTEN connection was away.
describe('the catch-up ledger', () => {
  it('passes over the announcement and a catch-up of what this instance pushed when it saved it', () => {
    const ledger = catchUpLedger();
    expect(ledger.savedHere(7)).toBe(true);
    expect(ledger.caughtUp(7)).toBe(false);
    expect(ledger.announced(7)).toBe(false);
    // A later announcement of the same id (approved after review) is delivered as before.
    expect(ledger.announced(7)).toBe(true);
  });

  it('does not push from the row what its announcement already delivered', () => {
    const ledger = catchUpLedger();
    expect(ledger.announced(8)).toBe(true);
    expect(ledger.savedHere(8)).toBe(false);
  });

  it('leaves a push that failed to the announcement, or to the catch-up when that was lost', () => {
    const ledger = catchUpLedger();
    expect(ledger.savedHere(9)).toBe(true);
    ledger.notPushed(9);
    expect(ledger.announced(9)).toBe(true);
    expect(ledger.savedHere(10)).toBe(true);
    ledger.notPushed(10);
    expect(ledger.caughtUp(10)).toBe(true);
  });

  it('remembers a bounded number of ids', () => {
    const ledger = catchUpLedger({ recent: 3 });
    for (const id of [1, 2, 3, 4]) ledger.savedHere(id);
    // The oldest is forgotten: its announcement, arriving that late, is delivered.
    expect(ledger.announced(1)).toBe(true);
    expect(ledger.announced(4)).toBe(false);
  });
});
