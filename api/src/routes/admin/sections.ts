import type { AdminSectionId } from '@app/shared/browser';
import type { Router } from 'express';
import type { Areas } from '../../compose-areas.ts';
import { adminArticleRoutes } from './articles.ts';
import { auditRoutes } from './audit.ts';
import { adminChatRoomRoutes } from './chat-rooms.ts';
import { adminDeploymentRoutes } from './deployment.ts';
import { adminMemberRoutes } from './members.ts';
import { adminModerationRoutes } from './moderation.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminSettingsRoutes } from './settings.ts';
import { systemRoutes } from './system.ts';
import { adminUserRoutes } from './users.ts';
import { adminYouTubeRoutes } from './youtube.ts';

/**
 * Each admin dashboard section's router (ADMIN_SECTIONS in @app/shared), built from its area:
 * app.ts mounts them all. A section without a router here does not compile.
 */
export const ADMIN_SECTION_ROUTERS: { [S in AdminSectionId]: (areas: Areas) => Router } = {
  // The newsletter's test copy is mailed like the newsletter (issue 47 #13).
  articles: (a) => adminArticleRoutes({ ...a.content, newsletterMail: { ...a.accounts, internalSecret: a.ops.secret } }),
  users: (a) => adminUserRoutes(a.accounts),
  members: (a) => adminMemberRoutes(a.payments),
  orders: (a) => adminOrderRoutes(a.store),
  'chat-rooms': (a) => adminChatRoomRoutes(a.community),
  moderation: (a) => adminModerationRoutes(a.community),
  deployment: (a) => adminDeploymentRoutes(a.ops),
  youtube: (a) => adminYouTubeRoutes(a.content),
  settings: (a) => adminSettingsRoutes(a.content),
  system: (a) => systemRoutes(a.ops),
  audit: (a) => auditRoutes(a.ops),
};
