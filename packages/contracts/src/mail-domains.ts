// Mail services anyone can sign up to. A team may not admit people by one of these domains: whoever
// claimed gmail.com would silently receive every new sign-up with a gmail.com address, with their
// name and usage. Families (gmx.*, yandex.*) are matched by their first label on a country suffix.

// Grouped by who runs them, several to a line.
// prettier-ignore
const PUBLIC_MAIL_DOMAINS = new Set([
  // Google, Microsoft, Yahoo, Apple, AOL
  "gmail.com", "googlemail.com",
  "outlook.com", "hotmail.com", "live.com", "msn.com", "passport.com",
  "yahoo.com", "ymail.com", "rocketmail.com",
  "icloud.com", "me.com", "mac.com",
  "aol.com", "aim.com", "verizon.net",
  // Privacy-minded and paid personal mail
  "proton.me", "protonmail.com", "protonmail.ch", "pm.me",
  "tutanota.com", "tutanota.de", "tutamail.com", "tuta.io", "tuta.com", "keemail.me",
  "fastmail.com", "fastmail.fm", "hey.com", "posteo.de", "posteo.net", "mailbox.org",
  "runbox.com", "startmail.com", "disroot.org", "duck.com", "zoho.com", "zohomail.com",
  // Europe
  "web.de", "t-online.de", "freenet.de", "mail.com", "email.com", "usa.com",
  "orange.fr", "wanadoo.fr", "free.fr", "laposte.net", "sfr.fr",
  "libero.it", "virgilio.it", "seznam.cz", "wp.pl", "o2.pl", "interia.pl", "onet.pl",
  "btinternet.com", "sky.com", "virginmedia.com", "ukr.net",
  // Russia, China, Korea, India, Brazil
  "mail.ru", "inbox.ru", "list.ru", "bk.ru", "rambler.ru", "ya.ru",
  "qq.com", "foxmail.com", "163.com", "126.com", "yeah.net", "sina.com", "sohu.com", "aliyun.com",
  "naver.com", "daum.net", "hanmail.net", "rediffmail.com", "uol.com.br", "bol.com.br",
  // North America and Australia: internet providers' personal mail
  "comcast.net", "att.net", "sbcglobal.net", "cox.net", "shaw.ca", "rogers.com", "bigpond.com",
  // Throwaway inboxes
  "mailinator.com", "guerrillamail.com", "sharklasers.com", "yopmail.com", "10minutemail.com",
  "temp-mail.org", "trashmail.com",
]);

/** Providers with one domain per country: gmx.de, gmx.net, yandex.com.tr, yahoo.co.jp, hotmail.fr… */
const FAMILIES = new Set(["gmx", "yandex", "yahoo", "hotmail", "outlook", "live", "aol"]);

export function isPublicMailDomain(domain: string): boolean {
  const labels = domain.trim().toLowerCase().replace(/\.$/, "").split(".");
  // The domain itself, or a name under one (mail.gmail.com proves nothing either).
  for (let i = 0; i < labels.length - 1; i++) {
    if (PUBLIC_MAIL_DOMAINS.has(labels.slice(i).join("."))) return true;
  }
  const [first = "", ...suffix] = labels;
  return FAMILIES.has(first) && suffix.length <= 2 && suffix.every((l) => /^[a-z]{2,3}$/.test(l));
}

export const publicMailDomainProblem = (domain: string) =>
  `${domain} is a public mail service: anyone can get an address there, so it cannot let people into a team.`;
