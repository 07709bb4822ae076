// Who company sign-in lets in and who it makes an admin, from the configuration and the provider's
// claims.

/** An address at one of the domains (exactly that domain); every address when there are none. */
export function domainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  return at > 0 && domains.includes(address.slice(at + 1));
}

/** A claim by name, or by a dotted path into nested claims (Keycloak's realm_access.roles). */
function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The claim makes an admin: with a value, the claim is that value or a list (or a space-separated
 * string, as scopes are) containing it; without one, the claim is true.
 */
export function claimGrantsAdmin(
  claims: Record<string, unknown>,
  name: string,
  value: string | null,
): boolean {
  const claim = claimAt(claims, name);
  if (value === null) return claim === true || claim === "true";
  if (Array.isArray(claim)) return claim.some((item) => String(item) === value);
  if (typeof claim === "string") return claim === value || claim.split(/[\s,]+/).includes(value);
  if (typeof claim === "number" || typeof claim === "boolean") return String(claim) === value;
  return false;
}
