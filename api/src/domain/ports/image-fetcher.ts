/** A picture fetched from the web: a member's avatar address, or an image an imported article names. */
export type FetchedImage = { name: string; mimetype: string; data: Buffer };

/** Fetches a public image safely (implemented by integrations/public-image-fetcher.ts); throws `ImageFetchError`. */
export type ImageFetcher = (url: string) => Promise<FetchedImage>;

/** A picture that was not fetched; `reason` says why in words a member can read ("the server answered 404"). */
export class ImageFetchError extends Error {
  readonly reason: string;

  constructor(address: string, reason: string) {
    super(`the image ${address} was not fetched: ${reason}`);
    this.reason = reason;
  }
}
