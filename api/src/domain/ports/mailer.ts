/** A mail: its plain text always; an HTML part beside it when it has one (the newsletter). */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

/**
 * Sends one mail (implemented by integrations/mailer.ts: SMTP, or the outbox offline). Mail to a
 * member goes through `mailToMember` (domain/accounts), which sends only to a confirmed address
 * (DESIGN §7.18); the account use cases call `send` directly only for mail about the address
 * itself (its confirmation link, a reset link).
 */
export type Mailer = { send(mail: Mail): Promise<void> };
