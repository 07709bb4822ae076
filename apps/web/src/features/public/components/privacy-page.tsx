// The privacy policy for a self-hosted instance: what it keeps, what reaches outside providers when
// the operator connects them, and how to have it deleted.
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    id: "controller",
    title: "Who is responsible",
    body: (
      <p>
        This Tessera instance is run by its <strong>operator</strong>, the organisation or person who
        installed and administers it. The operator decides what this instance stores and which outside
        services it uses, and is responsible for your data here. Tessera itself is software: its authors do
        not receive your data from this instance unless they are also its operator.
      </p>
    ),
  },
  {
    id: "data",
    title: "What we store",
    body: (
      <ul>
        <li>
          <strong>Your account:</strong> name, email address, password (stored only as a salted hash), profile
          picture, two-factor settings (the secret encrypted), personal API keys if you create any, your teams
          and roles, and invitations you send or receive.
        </li>
        <li>
          <strong>What you create:</strong> conversations and their messages, including attached images and
          text; documents and pages you add to the workspace; searches with their sources and overviews; saved
          prompts, assistants, comparisons and ratings; generated images and voice-overs.
        </li>
        <li>
          <strong>Usage counts:</strong> how many messages, searches, images and voice-overs you make, tokens
          and cost per model, and the pages and features you use, for your dashboard, your team&apos;s
          analytics and your plan&apos;s limits.
        </li>
        <li>
          <strong>Sessions and security logs:</strong> your active sign-ins with the IP address and browser
          they came from, and server logs of requests and errors, used to keep accounts safe and to fix
          problems.
        </li>
        <li>
          <strong>Your plan:</strong> which plan you are on, where it came from (trial, administrator or
          purchase) and until when. When you buy a plan, the payment provider&apos;s customer and subscription
          references; your card details go to that provider and never reach this instance.
        </li>
      </ul>
    ),
  },
  {
    id: "use",
    title: "How it is used",
    body: (
      <p>
        Only to run the workspace for you and the people you share it with: answering your requests, showing
        your history and usage, enforcing plan limits, sending account and invitation mail, and keeping the
        service secure. No advertising, no selling or renting of your data, and no training of AI models on
        your content by this instance.
      </p>
    ),
  },
  {
    id: "providers",
    title: "What goes to model and search providers",
    body: (
      <>
        <p>
          The operator may connect outside providers for AI models, web search, images, voice and
          transcription. When you use one, what it needs to answer is sent to it:
        </p>
        <ul>
          <li>
            to a <strong>model</strong>: your prompt, the earlier messages of that conversation, attached text
            and images, an assistant&apos;s instructions, and passages from your documents or sources used to
            ground the answer;
          </li>
          <li>
            to a <strong>search engine</strong>: your search query, or a research question from the chat;
          </li>
          <li>
            to an <strong>image, voice or transcription</strong> service: the prompt, the script, or the
            recording.
          </li>
        </ul>
        <p>
          Each provider handles that data under its own terms and privacy policy, agreed with the operator.
          The model picker shows which model answers. With <strong>Tessera Local</strong> and the other
          built-in engines, nothing leaves this instance. When you add a page by its address, this instance
          fetches that page itself. Account and invitation mail goes out through the operator&apos;s mail
          server.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <>
        <p>This instance keeps a few things in your browser, only to work:</p>
        <ul>
          <li>your session token, so you stay signed in (a sign-in cookie is used during some steps);</li>
          <li>your theme (light or dark) and whether the sidebar is open;</li>
          <li>preferences such as your chosen model and chat style, and drafts handed between pages;</li>
          <li>a cached copy of the app itself, so it opens quickly and works offline.</li>
        </ul>
        <p>
          There are no advertising or third-party tracking cookies. Signing out removes the session token.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long it is kept, and deletion",
    body: (
      <>
        <p>
          Your data is kept while your account exists. Deleting a conversation, document, search, image or
          voice-over removes it, with its messages, follow-ups and files, from this instance. Usage counts may
          remain as numbers without the content.
        </p>
        <p>
          To delete your account and everything in it, ask the administrator of this instance. Copies in the
          operator&apos;s backups disappear as those backups are replaced, and security logs are kept only as
          long as the operator needs them to protect the service.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Passwords are hashed, two-factor secrets and stored provider keys are encrypted, every request is
        checked against your session, and your data is visible only to you and the teams you share it with.
        Pages fetched for you cannot reach the operator&apos;s private network. The operator is responsible
        for running the instance securely, over an encrypted connection. No system is perfectly secure; if you
        notice something wrong, tell the administrator.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Your choices and rights",
    body: (
      <p>
        You can see and change your profile on the Account page, delete what you have made at any time, and
        ask the administrator for a copy of your data, a correction, or deletion of your account. Depending on
        where you live, you may also have the right to object to or restrict processing, and to complain to
        your data protection authority.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Tessera is not meant for children under 16, and this instance does not knowingly keep their data. If
        you believe a child has an account, tell the administrator and it will be removed.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We will update this policy when what we store or share changes. The date at the top shows the current
        version, and significant changes are announced in the app or by email before they apply. The{" "}
        <Link to="/terms">Terms of Service</Link> cover the rest of how this instance is run.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions or requests about your data go to the administrator of this instance: the person or team who
        gave you access.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      icon={Lock}
      intro="This page explains what this Tessera instance keeps about you, why, what reaches outside services, and how to have it removed."
      sections={SECTIONS}
    />
  );
}
