import { useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { requestPasswordReset } from "../api/request-password-reset";
import { sendVerificationEmail } from "../api/send-verification-email";

/**
 * The two mail links under the form: resend verification and forgot password. `noMail` is what to
 * say instead of "check your inbox" on an instance that sends no mail.
 */
export function useAuthLinks(email: string, noMail: string | null = null) {
  const [busy, setBusy] = useState(false);

  const run = async (send: (email: string) => Promise<void>, success: string, failure: string) => {
    const address = email.trim();
    if (!address) {
      toast.error("Enter your email first", { description: "Please enter your email above." });
      return;
    }
    setBusy(true);
    try {
      await send(address);
      toast.success(noMail ? success.replace("email sent", "link made") : success, {
        description: noMail ?? "Check your inbox (and spam).",
      });
    } catch (error) {
      toast.error(failure, { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    resendVerification: () => void run(sendVerificationEmail, "Verification email sent", "Could not resend"),
    forgotPassword: () =>
      void run(requestPasswordReset, "Password reset email sent", "Could not send the reset email"),
  };
}
