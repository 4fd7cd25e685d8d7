import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { ACCOUNT_STATUSES, ADMIN_SECTIONS, callEndpoint, errorMessage, formatLongDate, formatPlanPrice, GRANTED_TIER, ROLES, staffBadge, tierLabel, TIERS, urlOf, type AccountStatus, type Role, type Tier } from '@app/shared/browser';
import { toast } from '@app/ui';
import type { AdminUser } from '@app/shared/schemas';
import { $userSearch } from './admin-nav';
import { StatusDialog, statusLabel } from './status-dialog';
import { StepUpDownload, withSecondFactor } from '../../lib/step-up';
import { ConfirmDialog } from '@app/ui/confirm-dialog';

const statusStyle: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  suspended: 'bg-amber-100 text-amber-900',
  banned: 'bg-red-100 text-red-800',
  under_review: 'bg-slate-200 text-slate-800',
};

const USERS = ADMIN_SECTIONS.users.api;
type Filters = { tier: Tier | ''; status: AccountStatus | ''; joinedFrom: string; joinedTo: string };
const NO_FILTERS: Filters = { tier: '', status: '', joinedFrom: '', joinedTo: '' };
const $query = atom({ search: '', page: 1, ...NO_FILTERS });
/** Only the filters set go in the address (the API takes each as optional). */
const $users = endpointStore(USERS.list, {
  query: computed($query, ({ page, ...filters }) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')), page: String(page), pageSize: '20' })}`),
});
const reloadUsers = () => invalidateKeys((key) => key.startsWith(`${urlOf(USERS.list)}?`));

/** The tier admins grant here (POST …/vip), named as the catalogue names it. */
const VIP = tierLabel(GRANTED_TIER);

/** VIP is granted by admins only (never sold); removing it leaves what the member pays for. */
async function setVip(user: AdminUser, vip: boolean) {
  try {
    await callEndpoint(USERS.setVip, { params: { userId: user.id }, body: { vip } });
    toast({ title: 'Membership updated', description: vip ? `${user.username} is now a ${VIP} member.` : `${user.username} is no longer a ${VIP} member.` });
    reloadUsers();
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
  }
}

const roleLabel: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };

/** Admins make members moderators (the review queue and rooms) or admins, and back. */
async function setRole(user: AdminUser, role: Role) {
  try {
    await withSecondFactor(() => callEndpoint(USERS.setRole, { params: { userId: user.id }, body: { role } }));
    toast({ title: 'Role updated', description: `${user.username} is now ${role === 'member' ? 'a member' : `a ${roleLabel[role].toLowerCase()}`}.` });
    reloadUsers();
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err, 'An error occurred while updating the role.'), variant: 'destructive' });
  }
}

/** A locked-out member's second factor, removed (issue 52 #5): they sign in with their password and set up a new one. */
async function resetSecondFactor(user: AdminUser) {
  try {
    const { message } = await withSecondFactor(() => callEndpoint(USERS.resetSecondFactor, { params: { userId: user.id } }));
    toast({ title: 'Second factor reset', description: message });
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
  }
}

/** User management: search, filters (membership, status, joined between), the members export, pages of 20, and the status dialog. */
export default function UsersTab() {
  const [search, setSearch] = useState('');
  const { page } = useStore($query);
  const setPage = (p: number) => $query.set({ ...$query.get(), page: p });
  const { data, error } = useStore($users);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const me = useStore($user);
  // "View User" from the moderation tables opens this tab searching for that member.
  const wanted = useStore($userSearch);
  useEffect(() => {
    if (wanted === null) return;
    setSearch(wanted);
    $query.set({ search: wanted, page: 1, ...NO_FILTERS });
    $userSearch.set(null);
  }, [wanted]);

  const query = useStore($query);
  const filter = (change: Partial<Filters>) => $query.set({ ...$query.get(), ...change, page: 1 });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="users-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-title" className="text-xl font-bold text-slate-900">User Management</h2>
        <div className="flex flex-wrap gap-2">
          <form role="search" onSubmit={(e) => { e.preventDefault(); $query.set({ ...$query.get(), search: search.trim(), page: 1 }); }} className="flex gap-2">
            <label htmlFor="user-search" className="sr-only">Search users</label>
            <input id="user-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search by name or email" className="w-56 rounded-md border border-slate-300 px-3 py-2 text-sm" />
            <button type="submit" className="btn-outline">Search</button>
          </form>
          {/* The whole list, every column below, as a file (recorded in the audit log). */}
          <StepUpDownload className="btn-outline" href={urlOf(USERS.exportMembers)}>Export CSV</StepUpDownload>
        </div>
      </div>
      <fieldset className="mt-4 flex flex-wrap items-end gap-3 text-sm">
        <legend className="sr-only">Filter members</legend>
        <label className="flex flex-col gap-1 text-slate-600">Membership
          <select className="rounded-md border border-slate-300 px-2 py-2 text-slate-900" value={query.tier} onChange={(e) => filter({ tier: e.target.value as Tier | '' })}>
            <option value="">All</option>
            {TIERS.map((t) => <option key={t} value={t}>{tierLabel(t)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-slate-600">Status
          <select className="rounded-md border border-slate-300 px-2 py-2 text-slate-900" value={query.status} onChange={(e) => filter({ status: e.target.value as AccountStatus | '' })}>
            <option value="">All</option>
            {ACCOUNT_STATUSES.map((st) => <option key={st} value={st}>{statusLabel[st]}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-slate-600">Joined from
          <input type="date" className="rounded-md border border-slate-300 px-2 py-1.5 text-slate-900" value={query.joinedFrom} max={query.joinedTo || undefined} onChange={(e) => filter({ joinedFrom: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-slate-600">Joined to
          <input type="date" className="rounded-md border border-slate-300 px-2 py-1.5 text-slate-900" value={query.joinedTo} min={query.joinedFrom || undefined} onChange={(e) => filter({ joinedTo: e.target.value })} />
        </label>
        {(query.tier || query.status || query.joinedFrom || query.joinedTo) && <button type="button" className="btn-outline" onClick={() => filter(NO_FILTERS)}>Clear filters</button>}
      </fieldset>
      {error && <p role="alert" className="mt-4 text-sm text-red-700">Could not load users: {errorMessage(error)} <button type="button" className="underline" onClick={reloadUsers}>Retry</button></p>}
      <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[880px] text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr><th className="px-4 py-3 font-medium">User</th><th className="px-4 py-3 font-medium">Email</th><th className="px-4 py-3 font-medium">Membership</th><th className="px-4 py-3 font-medium">Plan</th><th className="px-4 py-3 font-medium">Status</th><th className="px-4 py-3 font-medium">Member since</th><th className="px-4 py-3 font-medium">Last seen</th><th className="px-4 py-3"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data?.users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-3"><p className="font-medium text-slate-900">{u.displayName}</p><p className="text-slate-500">@{u.username}{staffBadge(u.role) && <span className="badge ml-2 bg-brand-50 text-brand-700">{staffBadge(u.role)}</span>}</p></td>
                <td className="px-4 py-3 text-slate-700">{u.email}{!u.emailConfirmed && <span className="block text-xs text-slate-500">Not confirmed</span>}</td>
                <td className="px-4 py-3">{tierLabel(u.membershipTier)}</td>
                <td className="px-4 py-3 text-slate-700">{u.plan ? formatPlanPrice(u.plan) : '—'}</td>
                <td className="px-4 py-3"><span className={`badge ${statusStyle[u.accountStatus]}`}>{statusLabel[u.accountStatus]}</span></td>
                <td className="px-4 py-3 text-slate-700">{formatLongDate(u.memberSince)}</td>
                <td className="px-4 py-3 text-slate-700">{u.lastSeenAt ? formatLongDate(u.lastSeenAt) : 'Never'}</td>
                <td className="px-4 py-3 text-right">
                  {u.id !== me?.id && (
                    <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
                      <button type="button" className="btn-outline" onClick={() => void setVip(u, u.membershipTier !== GRANTED_TIER)} aria-label={`${u.membershipTier === GRANTED_TIER ? `Remove ${VIP} from` : `Grant ${VIP} to`} ${u.username}`}>{u.membershipTier === GRANTED_TIER ? `Remove ${VIP}` : `Grant ${VIP}`}</button>
                      <button type="button" className="btn-outline" onClick={() => setEditing(u)} aria-label={`Change status of ${u.username}`}>Change status</button>
                      <button type="button" className="btn-outline" onClick={() => setResetting(u)} aria-label={`Reset 2FA: the second factor of ${u.username}`}>Reset 2FA</button>
                      <label className="sr-only" htmlFor={`role-${u.id}`}>Role of {u.username}</label>
                      <select id={`role-${u.id}`} className="rounded-md border border-slate-300 px-2 py-1 text-sm" value={u.role} onChange={(e) => void setRole(u, e.target.value as Role)}>
                        {ROLES.map((r) => <option key={r} value={r}>{roleLabel[r]}</option>)}
                      </select>
                    </div>
                  )}
                </td>
              </tr>
            ))}
            {data && data.users.length === 0 && <tr><td colSpan={8} className="px-4 py-6 text-center text-slate-600">No users found.</td></tr>}
            {!data && !error && <tr><td colSpan={8} className="px-4 py-6 text-center text-slate-600">Loading users...</td></tr>}
          </tbody>
        </table>
      </div>
      {data && data.total > data.pageSize && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span className="text-slate-600">Page {page} of {pages} · {data.total} users</span>
          <button type="button" className="btn-outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
      {resetting && (
        <ConfirmDialog title={`Reset ${resetting.username}'s second factor?`} description="Their passkeys, authenticator app and recovery codes are removed and every device is signed out. Do this only when you are sure it is them asking." confirmLabel="Reset second factor" onClose={() => setResetting(null)} onConfirm={() => void resetSecondFactor(resetting)} />
      )}
      {editing && (
        <StatusDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reloadUsers();
          }}
        />
      )}
    </section>
  );
}
