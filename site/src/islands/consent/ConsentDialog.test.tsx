import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ConsentDialog from './ConsentDialog';
import AdSlot from '../ads/AdSlot';
import { $adConsent } from '../../stores/ad-consent';

beforeEach(() => $adConsent.set('pending'));

describe('cookie and advertising consent', () => {
  it('asks while the choice is pending and shows no ads', () => {
    render(<><ConsentDialog /><AdSlot placement="footer" /></>);
    expect(screen.getByRole('dialog', { name: 'Cookies and Advertising Consent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/policies/privacy');
    expect(screen.queryByText('Advertisement')).toBeNull();
  });

  it('Accept All stores "granted", closes and shows the ad placeholders', async () => {
    render(<><ConsentDialog /><AdSlot placement="footer" /></>);
    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(localStorage.getItem('adConsent')).toBe('granted');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Advertisement')).toBeTruthy();
  });

  it('Decline stores "denied" and keeps ads away', async () => {
    render(<><ConsentDialog /><AdSlot placement="header" /></>);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem('adConsent')).toBe('denied');
    expect(screen.queryByText('Advertisement')).toBeNull();
  });

  it('does not ask again once a choice is stored', async () => {
    localStorage.setItem('adConsent', 'denied');
    await act(async () => {
      render(<ConsentDialog />);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
