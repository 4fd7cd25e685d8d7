import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@app/shared/browser';
import { ChangeEmailSchema, ChangePasswordSchema, ConfirmEmailChangeSchema, DeleteAccountSchema, ProfileInputSchema, ProfileSharingInputSchema, PublicProfileNamesQuerySchema } from '@app/shared/schemas';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { requireUser } from '../domain/accounts/permissions.ts';
import { createAvatarGate, type AvatarLimits } from '../domain/profile/avatar-limits.ts';
import { changePassword } from '../domain/profile/change-password.ts';
import { confirmEmailChange } from '../domain/profile/confirm-email-change.ts';
import { deleteAccount } from '../domain/profile/delete-account.ts';
import { exportMyData } from '../domain/profile/export-my-data.ts';
import { getProfile } from '../domain/profile/get-profile.ts';
import { getProfileSharing } from '../domain/profile/get-profile-sharing.ts';
import { getPublicProfile, NO_PUBLIC_PROFILE, publicProfileNames } from '../domain/profile/get-public-profile.ts';
import type { ProfileDeps } from '../domain/profile/profile-deps.ts';
import { removeAvatar } from '../domain/profile/remove-avatar.ts';
import { requestEmailChange } from '../domain/profile/request-email-change.ts';
import { setProfileSharing } from '../domain/profile/set-profile-sharing.ts';
import { updateProfile } from '../domain/profile/update-profile.ts';
import { uploadAvatar } from '../domain/profile/upload-avatar.ts';
import { createPublicImageFetcher } from '../integrations/public-image-fetcher.ts';
import type { ImageFetcher } from '../domain/ports/image-fetcher.ts';
import { AppError } from '../lib/app-error.ts';
import { noStore } from './no-store.ts';
import { clearSessionCookie, type CookieSettings, type SessionReader } from './session-cookie.ts';
import { anyone, signedIn } from './access.ts';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } }).single('avatar');

/** Runs multer, turning its refusals into the API's error shape. */
const receiveAvatar: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', AVATAR_TOO_LARGE));
    next(new AppError('bad_request', 'Upload one picture in the "avatar" field.'));
  });

const USERNAME = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * The member's own account (issue 20; spec 02 §7 GET/PUT /api/profile): profile, avatar, password,
 * email, data export, deletion and the shareable profile's switches — all login-required
 * (login-required.ts) except the shareable profile itself. Confirming an email change needs both the
 * mailed token and the account's own session (confirm-email-change.ts says why).
 */
export function profileRoutes(options: Omit<ProfileDeps, 'avatars' | 'fetchImage'> & { session: SessionReader; cookies: CookieSettings; avatarLimits?: AvatarLimits; fetchAvatar?: ImageFetcher }): Router {
  // This instance's resize slots live as long as its routes.
  const deps = { ...options, avatars: createAvatarGate(options.avatarLimits), fetchImage: options.fetchAvatar ?? createPublicImageFetcher() };
  const r = Router();
  const caller = async (req: Parameters<SessionReader>[0]) => (await deps.session(req))?.user ?? null;

  r.get('/profile', signedIn, async (req, res) => {
    noStore(res);
    res.json(getProfile(await caller(req)));
  });

  r.put('/profile', signedIn, async (req, res) => {
    const user = requireUser(await caller(req));
    res.json(await updateProfile(deps, user, ProfileInputSchema.parse(req.body), req.ip ?? 'unknown'));
  });

  r.post('/profile/avatar', signedIn, receiveAvatar, async (req, res) => {
    if (!req.file) throw new AppError('bad_request', 'Please choose a picture to upload.');
    res.json(await uploadAvatar(deps, await caller(req), req.file.buffer, req.ip ?? 'unknown'));
  });

  r.delete('/profile/avatar', signedIn, async (req, res) => {
    res.json(await removeAvatar(deps, await caller(req)));
  });

  r.post('/profile/password', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    res.json(await changePassword(deps, user, session!.idHash, ChangePasswordSchema.parse(req.body)));
  });

  r.post('/profile/email', signedIn, async (req, res) => {
    const user = requireUser(await caller(req));
    res.json(await requestEmailChange(deps, user, ChangeEmailSchema.parse(req.body)));
  });

  r.post('/profile/email/confirm', anyone, async (req, res) => {
    const user = await confirmEmailChange(deps.db, await caller(req), ConfirmEmailChangeSchema.parse(req.body));
    res.json({ message: `Your email address is now ${user.email}.` });
  });

  r.get('/profile/export', signedIn, async (req, res) => {
    const user = requireUser(await caller(req));
    const data = await exportMyData(deps, user);
    noStore(res);
    res.setHeader('Content-Disposition', `attachment; filename="better-self-data-${user.username}-${data.exportedAt.slice(0, 10)}.json"`);
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  r.delete('/profile', signedIn, async (req, res) => {
    const user = requireUser(await caller(req));
    const answer = await deleteAccount(deps, user, DeleteAccountSchema.parse(req.body));
    clearSessionCookie(res, deps.cookies);
    res.json(answer);
  });

  r.get('/profile/sharing', signedIn, async (req, res) => {
    noStore(res);
    res.json(getProfileSharing(await caller(req)));
  });

  r.put('/profile/sharing', signedIn, async (req, res) => {
    const user = requireUser(await caller(req));
    res.json(await setProfileSharing(deps, user, ProfileSharingInputSchema.parse(req.body)));
  });

  // Which mentioned members have a public profile to link to (issue 37 #4).
  r.get('/public-profiles', anyone, async (req, res) => {
    // Not kept by browsers: a profile switched on links at the next page load.
    noStore(res);
    res.json(await publicProfileNames(deps, PublicProfileNamesQuerySchema.parse(req.query).names));
  });

  r.get('/members/:username', anyone, async (req, res) => {
    const username = req.params.username;
    if (!USERNAME.test(username)) throw new AppError('not_found', NO_PUBLIC_PROFILE);
    noStore(res);
    res.json(await getPublicProfile(deps, username));
  });

  return r;
}
