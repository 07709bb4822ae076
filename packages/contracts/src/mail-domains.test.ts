import { describe, expect, it } from "vitest";
import { isPublicMailDomain } from "./mail-domains";
import { updateCompanySchema } from "./teams";

describe("public mail services", () => {
  it.each([
    "gmail.com",
    "GoogleMail.com",
    "outlook.com",
    "hotmail.co.uk",
    "live.fr",
    "yahoo.co.jp",
    "icloud.com",
    "proton.me",
    "pm.me",
    "gmx.net",
    "gmx.de",
    "web.de",
    "mail.ru",
    "yandex.com.tr",
    "qq.com",
    "163.com",
    "fastmail.com",
    "hey.com",
    "mail.gmail.com",
    "gmail.com.",
  ])("%s is one", (domain) => expect(isPublicMailDomain(domain)).toBe(true));

  it.each([
    "acme.test",
    "example.com",
    "gmail.company.example",
    "livestock.example",
    "mygmail.com",
    "gmx.example.com",
  ])("%s is not", (domain) => expect(isPublicMailDomain(domain)).toBe(false));

  it("cannot be claimed for joining by domain", () => {
    const result = updateCompanySchema.safeParse({ name: "Acme", allowedDomains: "acme.test, Gmail.com" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "gmail.com is a public mail service: anyone can get an address there, so it cannot let people into a team.",
    ]);
    expect(updateCompanySchema.parse({ name: "Acme", allowedDomains: "acme.test" }).allowedDomains).toEqual([
      "acme.test",
    ]);
  });
});
