import { Scale } from "lucide-react";
import { LegalPage } from "./legal-page";

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" icon={Scale}>
      <p>
        Tessera is self-hostable software. These terms govern your use of this Tessera instance, which is run
        by its operator, the organisation or person who installed it.
      </p>
      <h2>Using the service</h2>
      <p>
        Use Tessera lawfully and keep your account credentials to yourself. You are responsible for what you
        ask the AI models to do and for how you use their answers, which can be wrong.
      </p>
      <h2>Your content</h2>
      <p>
        What you write, upload or generate stays yours. The operator stores it only to provide the service to
        you and your team.
      </p>
      <h2>Plans and changes</h2>
      <p>
        Plan changes take effect immediately. The operator may change these terms and will date each change on
        this page.
      </p>
      <p className="text-sm text-muted-foreground">
        Questions about these terms go to the operator of this instance.
      </p>
    </LegalPage>
  );
}
