// The page's query parameters: ?accept=<code> accepts an invitation once and reports the result;
// ?checkout=success says the plan is active. Both are removed from the address once handled.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { useRefreshSubscription } from "@/lib/subscription";
import { acceptInvitation } from "../api/accept-invitation";
import { myTeamQuery } from "../api/get-my-team";

export type AcceptOutcome =
  { state: "accepting" } | { state: "joined"; teamName: string } | { state: "failed"; message: string };

export function useInvitationParams() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const refreshSubscription = useRefreshSubscription();
  const code = params.get("accept");
  const checkout = params.get("checkout");
  const handled = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<AcceptOutcome | null>(null);
  const { t } = useTranslation("teams");

  useEffect(() => {
    if (!code || handled.current === code) return;
    handled.current = code;
    setOutcome({ state: "accepting" });
    acceptInvitation(code)
      .then(({ teamName }) => {
        setOutcome({ state: "joined", teamName });
        toast.success(t("accept.accepted"), { description: t("accept.joined", { team: teamName }) });
        void queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey });
        void refreshSubscription();
      })
      .catch((err: unknown) => setOutcome({ state: "failed", message: errorMessage(err) }))
      .finally(() =>
        setParams(
          (p) => {
            p.delete("accept");
            return p;
          },
          { replace: true },
        ),
      );
  }, [code, queryClient, refreshSubscription, setParams, t]);

  useEffect(() => {
    if (checkout !== "success") return;
    toast.success(t("accept.planActive"), { description: t("accept.planReady") });
    void refreshSubscription();
    setParams(
      (p) => {
        p.delete("checkout");
        return p;
      },
      { replace: true },
    );
  }, [checkout, refreshSubscription, setParams, t]);

  return outcome;
}
