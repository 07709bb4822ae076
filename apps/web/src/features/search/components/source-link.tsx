import type { ReactNode } from "react";
import { Link } from "react-router";
import { INERT_HREF, isInAppPath, safeHref } from "@/lib/safe-href";

/** A link to a source: in-app paths stay in the app, web pages open in a new tab, others are inert. */
export function SourceLink({
  url,
  className,
  children,
}: {
  url: string;
  className?: string;
  children: ReactNode;
}) {
  const href = safeHref(url);
  if (href === INERT_HREF) return <span className={className}>{children}</span>;
  if (isInAppPath(href))
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
