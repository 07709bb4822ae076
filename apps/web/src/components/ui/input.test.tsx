// Addresses, e-mails and keys keep their left-to-right order on a right-to-left page.
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { FormField } from "./form-field";
import { Input } from "./input";

afterEach(() => changeLanguage("en"));

describe("Input in Arabic", () => {
  it("writes URLs, e-mails, keys and code left to right, and words in the page's direction", async () => {
    await changeLanguage("ar");
    expect(document.documentElement.dir).toBe("rtl");
    render(
      <form>
        <FormField label="العنوان" type="url" defaultValue="https://example.com/v1" />
        <FormField label="البريد" type="email" />
        <FormField label="المفتاح" type="password" />
        <FormField label="الأمر" dir="ltr" defaultValue="npx -y @modelcontextprotocol/server-everything" />
        <Input aria-label="الاسم" />
      </form>,
    );
    expect(screen.getByRole("textbox", { name: "العنوان" }).getAttribute("dir")).toBe("ltr");
    expect(screen.getByRole("textbox", { name: "البريد" }).getAttribute("dir")).toBe("ltr");
    expect(screen.getByLabelText("المفتاح").getAttribute("dir")).toBe("ltr");
    expect(screen.getByRole("textbox", { name: "الأمر" }).getAttribute("dir")).toBe("ltr");
    // A name is written in the reader's language: it follows the page.
    expect(screen.getByRole("textbox", { name: "الاسم" }).hasAttribute("dir")).toBe(false);
  });
});
