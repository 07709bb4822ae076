// The styles of the pages past sign-in: the utilities of app.css, and tailwind-merge, which their
// components need to override one utility with another (lib/utils.ts). Imported by their routes
// (router.tsx), so both arrive with their code, before they render.
import { twMerge } from "tailwind-merge";
import { setClassMerger } from "@/lib/utils";
import "../app.css";

setClassMerger(twMerge);
