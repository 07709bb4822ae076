// A mail server's fields as the smtp:// address a connection keeps (without its password, which
// goes as the key), and back.
export interface SmtpFields {
  host: string;
  port: string;
  user: string;
  password: string;
  /** smtps: TLS from the first byte; otherwise STARTTLS where the server offers it. */
  secure: boolean;
}

export function smtpFields(address: string | null): SmtpFields {
  const empty: SmtpFields = { host: "", port: "587", user: "", password: "", secure: false };
  if (!address) return empty;
  const match = /^(smtps?):\/\/(?:([^@/]*)@)?([^:/]+)(?::(\d+))?/i.exec(address);
  if (!match) return empty;
  const secure = match[1]!.toLowerCase() === "smtps";
  return {
    host: match[3]!,
    port: match[4] ?? (secure ? "465" : "587"),
    user: match[2] ? decodeURIComponent(match[2]) : "",
    password: "",
    secure,
  };
}

export function smtpAddress(fields: SmtpFields): string | undefined {
  const host = fields.host.trim();
  if (!host) return undefined;
  const user = fields.user.trim() ? `${encodeURIComponent(fields.user.trim())}@` : "";
  const port = fields.port.trim() ? `:${fields.port.trim()}` : "";
  return `${fields.secure ? "smtps" : "smtp"}://${user}${host}${port}`;
}
