// An address as a connection keeps it: no trailing slash, and a mail server's password moved out of
// its smtp:// address into the key, where it is sealed.
import type { ConnectionKind } from "@tessera/contracts";
import { AppError } from "../../lib/errors";
import { splitSmtpUrl } from "./environment-providers";

export function keptAddress(
  kind: ConnectionKind,
  baseUrl: string | null,
  apiKey: string | null | undefined,
): { baseUrl: string | null; apiKey: string | null | undefined } {
  if (!baseUrl) return { baseUrl: null, apiKey };
  if (!URL.canParse(baseUrl)) throw new AppError("VALIDATION_FAILED", "baseUrl: is not a valid address");
  if (kind !== "smtp") return { baseUrl: baseUrl.replace(/\/+$/, ""), apiKey };
  const { address, password } = splitSmtpUrl(baseUrl);
  return { baseUrl: address, apiKey: password ?? apiKey };
}
