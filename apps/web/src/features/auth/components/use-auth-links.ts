import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { requestPasswordReset } from "../api/request-password-reset";
import { sendVerificationEmail } from "../api/send-verification-email";
import { authErrorMessage } from "../utils/auth-error-message";

/**
 * The two mail links under the form: resend verification and forgot password. `noMail` is what to
 * say instead of "check your inbox" on an instance that sends no mail.
 */
export function useAuthLinks(email: string, noMail: string | null = null) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);

  /** `sent`/`made`: the success title where mail went out, and where the link only waits in the console. */
  const run = async (
    send: (email: string) => Promise<void>,
    success: { sent: string; made: string },
    failure: string,
  ) => {
    const address = email.trim();
    if (!address) {
      toast.error(t("links.enterEmail"), { description: t("links.enterEmailDescription") });
      return;
    }
    setBusy(true);
    try {
      await send(address);
      toast.success(noMail ? success.made : success.sent, {
        description: noMail ?? t("links.checkInbox"),
      });
    } catch (error) {
      toast.error(failure, { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    resendVerification: () =>
      void run(
        sendVerificationEmail,
        { sent: t("links.verificationSent"), made: t("links.verificationMade") },
        t("links.resendFailed"),
      ),
    forgotPassword: () =>
      void run(
        requestPasswordReset,
        { sent: t("links.resetSent"), made: t("links.resetMade") },
        t("links.resetFailed"),
      ),
  };
}
