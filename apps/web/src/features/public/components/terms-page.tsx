// The terms of service for a self-hosted instance: the operator runs it, Tessera is the software.
import { MONEY_BACK_DAYS, PLANS, TRIAL_DAYS, TRIAL_PLAN } from "@tessera/contracts";
import { Scale } from "lucide-react";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "./legal-page";

const price = (id: "pro" | "max" | "team") => `$${PLANS[id].priceMonthly}`;
const trialPlan = PLANS[TRIAL_PLAN].name;

const SECTIONS: LegalSection[] = [
  {
    id: "who",
    title: "Who is who",
    body: (
      <>
        <p>
          <strong>Tessera</strong> is self-hostable software for chatting, searching and creating with AI
          models. <strong>This instance</strong>, the copy of Tessera at this address, is run by its{" "}
          <strong>operator</strong>: the organisation or person who installed and administers it. In these
          terms, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean the operator, and &ldquo;you&rdquo; means the
          person using the account.
        </p>
        <p>
          The operator decides which AI models, search engines and other services this instance connects to,
          whether plans can be bought here, and who may sign up. If you use Tessera through your employer or
          another organisation, their own policies apply alongside these terms, and win where the two differ.
        </p>
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <ul>
        <li>
          Use an email address you can receive mail at: it verifies your account, resets your password and
          receives team invitations.
        </li>
        <li>
          Keep your password to yourself and turn on two-factor authentication. You are responsible for what
          happens under your account; tell the administrator at once if you think someone else has used it.
        </li>
        <li>Personal API keys act as you. Keep them secret and revoke any key you no longer use.</li>
        <li>You must be at least 16, and old enough to agree to these terms where you live.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>Do not use Tessera to:</p>
        <ul>
          <li>break the law, or help anyone else to;</li>
          <li>
            create or share material that sexualises children, incites violence, or harasses, threatens or
            defames people;
          </li>
          <li>
            write malware, or probe, attack or overload this instance or any other system, including through
            page fetching and search;
          </li>
          <li>
            impersonate someone, or pass off generated text, images or voices as a real person&apos;s without
            their consent;
          </li>
          <li>get around plan limits, rate limits or access controls, for example by sharing an account;</li>
          <li>upload or generate content that infringes someone else&apos;s rights or privacy.</li>
        </ul>
        <p>
          The operator may remove content or suspend an account that breaks these rules. Outside providers the
          operator connects may have usage rules of their own, which also apply to requests sent to them.
        </p>
      </>
    ),
  },
  {
    id: "content",
    title: "Your content",
    body: (
      <>
        <p>
          What you write, upload and generate (conversations, documents, prompts, assistants, images and
          voice-overs) stays yours. You allow the operator to store and process it only as needed to run the
          service for you and for the people you share it with, such as your team.
        </p>
        <p>
          Only upload what you have the right to use. Content you share with a team can be seen and used by
          its members. This instance does not use your content to train AI models.
        </p>
      </>
    ),
  },
  {
    id: "ai-output",
    title: "AI answers and generated content",
    body: (
      <ul>
        <li>
          Answers come from AI models and can be wrong, incomplete, out of date or biased, even when they
          sound sure and cite sources. Check what matters and open the sources.
        </li>
        <li>Nothing Tessera generates is legal, medical, financial or other professional advice.</li>
        <li>You are responsible for how you use what you generate, including whether you may publish it.</li>
        <li>
          The built-in engine, Tessera Local, answers only from this workspace&apos;s own knowledge (help
          articles, the model catalogue and your documents), so it does not know about the wider world.
        </li>
      </ul>
    ),
  },
  {
    id: "providers",
    title: "Models, search and other services",
    body: (
      <p>
        The operator chooses which outside model, search, image and voice providers this instance uses and
        holds the agreements with them. When you use one, your request is sent to it to be answered; the{" "}
        <Link to="/privacy#providers">Privacy Policy</Link> says what is sent. A model or engine that is not
        set up is shown as unavailable, never quietly swapped for another. Providers can change or retire
        models, so the models on offer may change too.
      </p>
    ),
  },
  {
    id: "plans",
    title: "Plans, trials and billing",
    body: (
      <ul>
        <li>
          <strong>Plans.</strong> Core is free. Pro costs {price("pro")}, Max {price("max")} and Team{" "}
          {price("team")} a month, plus any tax shown at checkout. What each includes is on the{" "}
          <Link to="/pricing">Pricing</Link> page. Monthly allowances, such as images, do not carry over.
        </li>
        <li>
          <strong>Free trial.</strong> Each account can try {trialPlan} free for {TRIAL_DAYS} days, once. No
          card is needed and nothing is charged. When the trial ends you return to Core and keep your data.
        </li>
        <li>
          <strong>Buying a plan.</strong> Where the operator has turned on checkout, paid plans are billed
          monthly in advance by a payment provider and renew until you cancel. Your card details go to that
          provider, never to this instance.
        </li>
        <li>
          <strong>Plans set by the administrator.</strong> The administrator can also set your plan and how
          long it lasts. Any payment for that is between you, or your organisation, and the operator.
        </li>
        <li>
          <strong>Changes.</strong> Plan changes take effect immediately. After a downgrade or cancellation,
          features beyond your new plan are locked, but nothing you made is deleted.
        </li>
        <li>
          <strong>Cancelling.</strong> Cancel at any time with Manage billing on the Pricing page, or ask the
          administrator.
        </li>
        <li>
          <strong>{MONEY_BACK_DAYS}-day money-back guarantee.</strong> If you are not satisfied, ask the
          administrator within {MONEY_BACK_DAYS} days of paying for a plan and that payment is refunded in
          full, to the way you paid.
        </li>
      </ul>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes to the service",
    body: (
      <p>
        We aim to keep the service running, but it may be unavailable at times: for maintenance and upgrades,
        or when an outside provider is down. Features change as Tessera is updated, and we will announce
        changes that take away something your plan includes.
      </p>
    ),
  },
  {
    id: "ending",
    title: "Suspension and closing your account",
    body: (
      <p>
        You can stop using Tessera at any time; to delete your account and everything in it, ask the
        administrator. The operator may suspend or close an account that breaks these terms, puts the service
        or other people at risk, or when the law requires it, and will tell you why where it reasonably can.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    body: (
      <>
        <p>
          Tessera is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. As far as the law allows,
          neither the operator nor the software&apos;s authors promise that the service will be uninterrupted
          or error-free, or that AI output is accurate or fit for a particular purpose.
        </p>
        <p>
          As far as the law allows, the operator is not liable for indirect or consequential loss, or for lost
          profits, data or goodwill, and its total liability to you is limited to what you paid for the
          service in the 12 months before the claim. Nothing here limits liability that the law does not allow
          to be limited, or your rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms when the service or the law changes. The date at the top shows the current
        version. We will announce significant changes in the app or by email before they apply; using Tessera
        after that means you accept them.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms, your plan or a refund go to the administrator of this instance: the
        person or team who gave you access. For the Team plan, use Contact sales on the{" "}
        <Link to="/pricing">Pricing</Link> page.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      icon={Scale}
      intro="These terms cover your use of this Tessera instance. By creating an account or using the service you agree to them, so please read them; they are short."
      sections={SECTIONS}
    />
  );
}
