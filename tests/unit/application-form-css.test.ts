import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ANSWER_CLASSES, ApplicationForm } from "~/components/application-form";
import { classesIn, rulesFor } from "~/lib/platform/page-css.server";

// A job's page inlines only the rules its markup can match (decision 084); the application
// form's answers are swapped in by app/enhance/application.ts without a new page, so the
// form must declare the classes they bring (data-page-css), or an answer would show unstyled.
const render = (answer?: Parameters<typeof ApplicationForm>[0]["answer"]) =>
  renderToStaticMarkup(createElement(ApplicationForm, { jobTitle: "Designer", retentionMonths: 6, answer }));

const answers = {
  received: render({ kind: "received", email: "kari@example.com", keptUntil: "1. juni 2027" }),
  refused: render({
    kind: "refused",
    message: "Please check the fields marked below.",
    fieldErrors: { name: ["Name is required"], cv: ["Attach your CV as a PDF"] },
    values: { name: "", email: "kari@example.com", consent: "on" },
  }),
};

/** The classes of the elements themselves (not what data-page-css declares). */
const elementClasses = (html: string) => new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));

describe("a job's application form and the page's stylesheet", () => {
  const form = render();

  it("declares every class its answers bring that the form on the page does not have", () => {
    const onThePage = elementClasses(form);
    for (const [kind, html] of Object.entries(answers)) {
      const brought = [...elementClasses(html)].filter((name) => !onThePage.has(name));
      expect(brought, kind).not.toEqual([]); // the answers do look different
      for (const name of brought) expect(ANSWER_CLASSES.split(" "), `${kind}: .${name}`).toContain(name);
    }
  });

  it("gives the page the rules of its answers before they arrive", () => {
    const careers = fs.readFileSync("app/styles/site/careers.css", "utf8");
    const kept = rulesFor(careers, classesIn(form));
    expect(kept).toContain(".apply-done");
    expect(kept).toContain(".apply-alert");
    // Without the declaration, the form's own classes would not keep them.
    expect(rulesFor(careers, elementClasses(form))).not.toContain(".apply-done");
  });
});
