import { SSO_ERRORS } from "@tessera/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { providerRefusal } from "../components/auth-page";
import { AUTH_ERROR_CODES, authErrorMessage } from "./auth-error-message";

const t = i18next.getFixedT("en", "auth");

describe("auth error messages", () => {
  it("says a Better Auth code in the page's language, whatever the server's English", async () => {
    const error = new ApiError(401, "INVALID_CODE", "Invalid code");
    expect(authErrorMessage(error, t)).toBe("Invalid code. Check your authenticator app and try again.");
    await i18next.changeLanguage("de");
    expect(authErrorMessage(error, i18next.getFixedT("de", "auth"))).toBe(
      "Der Code ist falsch. Prüfen Sie Ihre Authenticator-App und versuchen Sie es erneut.",
    );
  });

  it("keeps the server's own message for any other code", () => {
    const error = new ApiError(429, "RATE_LIMITED", "Try again in 42 s.");
    expect(authErrorMessage(error, t)).toBe("Try again in 42 s.");
  });

  it("has a text for every code it knows", () => {
    for (const code of AUTH_ERROR_CODES) expect(i18next.exists(`auth:errors.${code}`), code).toBe(true);
  });

  it("has a text for every refused provider sign-in, and a fallback for an unknown one", () => {
    for (const [code, english] of Object.entries(SSO_ERRORS))
      expect(providerRefusal(code, i18next)).toBe(english);
    expect(providerRefusal("something_else", i18next)).toBe(
      "Sign-in with SSO did not complete. Try again, or ask your administrator.",
    );
    expect(providerRefusal("errors.INVALID_CODE", i18next)).toBe(providerRefusal("", i18next));
  });
});
