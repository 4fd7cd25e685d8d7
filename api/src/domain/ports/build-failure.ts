/** A failed site build or health check; `keptLive`: the previous build kept serving (a rollback). */
export class BuildFailure extends Error {
  readonly keptLive: boolean;
  constructor(message: string, keptLive: boolean) {
    super(message);
    this.keptLive = keptLive;
  }
}
