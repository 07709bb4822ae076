// Shared steps of the auth page tests.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "@/testing/render-app";

export async function openAuthPage(path = "/auth") {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole("heading", { name: "Welcome back" });
  return { user, ...view };
}

export async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  email = "ada@example.com",
  password = "correct horse",
) {
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}
