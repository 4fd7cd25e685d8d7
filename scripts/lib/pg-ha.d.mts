// The part of pg-ha.mjs that TypeScript callers use.
/** A self-signed certificate for `names` made with openssl into `dir`: its key's and certificate's file paths. */
export function selfSignedCertificate(dir: string, names?: string[]): { key: string; cert: string };
