// The page's query parameters: ?accept=<code> accepts an invitation once and reports the result;
// ?checkout=success says the plan is active. Both are removed from the address once handled.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
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

  useEffect(() => {
    if (!code || handled.current === code) return;
    handled.current = code;
    setOutcome({ state: "accepting" });
    acceptInvitation(code)
      .then(({ teamName }) => {
        setOutcome({ state: "joined", teamName });
        toast.success("Invitation accepted", { description: `You joined ${teamName}.` });
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
  }, [code, queryClient, refreshSubscription, setParams]);

  useEffect(() => {
    if (checkout !== "success") return;
    toast.success("Your plan is active", { description: "Thank you. Team features are ready to use." });
    void refreshSubscription();
    setParams(
      (p) => {
        p.delete("checkout");
        return p;
      },
      { replace: true },
    );
  }, [checkout, refreshSubscription, setParams]);

  return outcome;
}
