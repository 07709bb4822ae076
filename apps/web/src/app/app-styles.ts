// The utilities of the pages past sign-in (app.css). Imported by their routes (router.tsx), so the
// styles arrive with their code, before they render.
import "../app.css";
