import { MONEY_BACK_DAYS, PLANS, TRIAL_DAYS, TRIAL_PLAN } from "@tessera/contracts";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { TEAM_MAIL_SUBJECT } from "./plan-action";

const trialPlan = PLANS[TRIAL_PLAN].name;

function faqs(salesEmail: string | null): { question: string; answer: ReactNode }[] {
  return [
    {
      question: "Is there a free trial?",
      answer: `Yes. Every account can try ${trialPlan} free for ${TRIAL_DAYS} days, once, with no card needed. Start it from the ${trialPlan} card above.`,
    },
    {
      question: "What if Tessera isn't right for me?",
      answer: `Paid plans come with a ${MONEY_BACK_DAYS}-day money-back guarantee. If you are not happy within ${MONEY_BACK_DAYS} days of paying, ask for a refund and you get your money back in full.`,
    },
    {
      question: "Can I change plans later?",
      answer:
        "Yes, whenever you like. Plan changes take effect immediately: an upgrade unlocks its models and limits straight away, and after a downgrade you keep everything you made.",
    },
    {
      question: "What does Core include?",
      answer: `Core is free with no time limit: chat with ${PLANS.core.features[0]} and the built-in models, standard search, ${PLANS.core.imagesPerMonth} images a month and community support. Your conversations, documents and searches are kept on every plan.`,
    },
    {
      question: "What happens when my trial ends?",
      answer: `You move back to Core on your own; nothing is charged. Your conversations, documents, searches and images are all kept, and what needs ${trialPlan} is simply locked until you upgrade.`,
    },
    {
      question: "I run Tessera on my own server. How do plans work there?",
      answer:
        "On a self-hosted instance its administrator decides. They can connect a payment provider so plans can be bought on this page, or set each person's plan themselves. Without checkout, Pro and Max start with the free trial and the administrator sets plans after that.",
    },
    {
      question: "How do I cancel?",
      answer:
        "If you pay on this page, choose Manage billing on your plan's card and cancel there at any time; you go back to Core and keep your data. If your administrator set your plan, ask them.",
    },
    {
      question: "How do I get the Team plan?",
      answer: salesEmail ? (
        <>
          Write to{" "}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`mailto:${salesEmail}?subject=${encodeURIComponent(TEAM_MAIL_SUBJECT)}`}
          >
            {salesEmail}
          </a>{" "}
          and we will set up a workspace for your whole team, with shared assistants, analytics and{" "}
          {PLANS.team.imagesPerMonth} images a month for each member.
        </>
      ) : (
        `Ask the administrator of this instance. Team gives everyone one workspace with shared assistants, analytics and ${PLANS.team.imagesPerMonth} images a month for each member.`
      ),
    },
  ];
}

/** Questions people ask before choosing, each opening in place (native disclosure, keyboard ready). */
export function PricingFaq({ salesEmail }: { salesEmail: string | null }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h2 id="faq-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Frequently asked questions
        </h2>
        <p className="text-muted-foreground">Plans, trials and refunds in plain words.</p>
      </div>
      <div className="divide-y rounded-2xl border bg-card shadow-sm shadow-black/[0.03]">
        {faqs(salesEmail).map(({ question, answer }) => (
          <details key={question} className="group px-5 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
