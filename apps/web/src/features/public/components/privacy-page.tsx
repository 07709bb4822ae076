import { Lock } from "lucide-react";
import { LegalPage } from "./legal-page";

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" icon={Lock}>
      <p>This Tessera instance is run by its operator. This page says what it keeps about you and why.</p>
      <h2>What is stored</h2>
      <p>
        Your name, email address and password (hashed), your profile picture link, your conversations,
        searches, generated images and voice-overs, and the usage figures shown on your dashboard.
      </p>
      <h2>Where it goes</h2>
      <p>
        Your data stays in this instance's database and file storage. When you use a model or search engine
        run by an outside provider, the text of that request is sent to that provider to answer it.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your profile at any time and ask the operator to delete your account and everything in
        it.
      </p>
      <p className="text-sm text-muted-foreground">
        Questions about your data go to the operator of this instance.
      </p>
    </LegalPage>
  );
}
