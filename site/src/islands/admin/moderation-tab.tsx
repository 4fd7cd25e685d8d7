import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType } from 'react';
import { MODERATED_KIND_TERMS, REPORT_TYPES, type ReportType } from '@app/shared/browser';
import { BulletinModeration } from './bulletin-moderation';
import { ChatModeration } from './chat-moderation';
import { CommentModeration } from './comment-moderation';
import { ReportsQueue } from './reports-queue';

/** Each moderated kind's table, its tab named by MODERATED_KIND_TERMS (@app/shared). */
const KIND_TABLES: Record<ReportType, ComponentType> = {
  bulletin: BulletinModeration,
  chat: ChatModeration,
  comment: CommentModeration,
};

/** Content Moderation: the reports queue, then a table per moderated kind (bulletin posts, chat messages, article comments). */
export default function ModerationTab() {
  const tab = 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
  return (
    <Tabs.Root defaultValue="reports">
      <Tabs.List aria-label="Moderation" className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="reports" className={tab}>Reports</Tabs.Trigger>
        {REPORT_TYPES.map((type) => <Tabs.Trigger key={type} value={type} className={tab}>{MODERATED_KIND_TERMS[type].tab}</Tabs.Trigger>)}
      </Tabs.List>
      <Tabs.Content value="reports" className="pt-4"><ReportsQueue /></Tabs.Content>
      {REPORT_TYPES.map((type) => {
        const Table = KIND_TABLES[type];
        return <Tabs.Content key={type} value={type} className="pt-4"><Table /></Tabs.Content>;
      })}
    </Tabs.Root>
  );
}
