/**
 * The proof of work (decision 062) for the forms React renders in the browser: the two
 * wizards and the footer's sign-up on their pages. The solver is a file of its own
 * (app/enhance/pow.ts, its address the build constant __POW_SCRIPT__), imported on a
 * form's first focus; a plain import(string) brings no chunk or preload helper with it.
 * Content pages get the same solver from the enhancement module (app/enhance/index.ts).
 */
import type * as Solver from "~/enhance/pow";
import { gateProtectedForms as gateOnce } from "~/enhance/pow-gate";

const solver = (): Promise<typeof Solver> => import(/* @vite-ignore */ __POW_SCRIPT__);

/** Starts the form's solution, unseen (a wizard, on its first focus). */
export const startProof = (form: HTMLFormElement) => void solver().then((pow) => pow.solve(form), () => {});

/** The solution for this submission; undefined when there is none (the submission is then kept unverified). */
export const proofFor = (form: HTMLFormElement) => solver().then((pow) => pow.take(form), () => undefined);

let gated = false;

/** Plain forms marked [data-pow] (the footer's sign-up): the answer goes into a hidden field, and a submit waits for it. Once per page, whatever mounts. */
export function gateProtectedForms() {
  if (!gated) gateOnce();
  gated = true;
}
