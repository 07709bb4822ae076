import { MailCheck, Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { ComingSoon } from "@/components/coming-soon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

export function TeamSettingsPage() {
  const [params] = useSearchParams();
  const invitation = params.get("accept");
  return (
    <ComingSoon
      title="Team Settings"
      icon={Users}
      description="Create a team, invite members, manage roles and company details, and see how your team uses Tessera."
      highlights={[
        "Invite members as Member or Admin",
        "Pending invitations you can resend",
        "Company name, slug and email domains",
        "Team analytics",
      ]}
    >
      {invitation ? (
        <Alert variant="info">
          <MailCheck aria-hidden="true" />
          <AlertTitle>You have a team invitation</AlertTitle>
          <AlertDescription>
            Accepting invitations arrives with team settings. Keep the link you were sent; it will work here
            then.
          </AlertDescription>
        </Alert>
      ) : null}
    </ComingSoon>
  );
}
