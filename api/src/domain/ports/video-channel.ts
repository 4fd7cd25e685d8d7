import type { SyncedVideo, SyncedVideoValues, SyncOutcome } from '@app/shared/browser';

export type ChannelVideo = SyncedVideoValues & { externalId: string };
export type ChannelVideos = { channel: { id: string; title: string }; videos: ChannelVideo[] };

/** Where the channel sync reads videos: the YouTube Data API v3 (integrations/youtube/), or in tests a local server in its wire format. */
export interface VideoChannel {
  fetchVideos(channel: string, maxResults: number): Promise<ChannelVideos>;
}

/** A failure told in words an admin can act on (kept in the sync's history). */
export class ChannelError extends Error {
  readonly kind: 'quota' | 'key' | 'not_found' | 'timeout' | 'unreadable' | 'unavailable';
  constructor(message: string, kind: ChannelError['kind']) {
    super(message);
    this.name = 'ChannelError';
    this.kind = kind;
  }
}

/** Where synced videos go: the CMS, through its service endpoint (one content signal per batch). */
export interface VideoSink {
  upsert(videos: SyncedVideo[]): Promise<SyncOutcome[]>;
}
