import { describe, expect, it } from "vitest";
import { analyseGdprAnswers, GDPR_RECOMMENDATIONS, gdprCategories, scoreGdprAnswers } from "~/content/gdpr";

// The recommendations live apart from the questions (so the page's JavaScript does not carry
// them); these keep the two lists one checklist.
const questions = gdprCategories.flatMap((category) => category.questions);

describe("the GDPR checklist's content", () => {
  it("has one recommendation for every question, and none for a question that is not there", () => {
    expect(Object.keys(GDPR_RECOMMENDATIONS).sort()).toEqual(questions.map((q) => q.id).sort());
    for (const text of Object.values(GDPR_RECOMMENDATIONS)) expect(text.trim().length).toBeGreaterThan(40);
  });

  it("the page's score and the server's analysis agree, and only the analysis lists the gaps", () => {
    const answers = Object.fromEntries(
      questions.map((q, index) => [q.id, index % 3 === 0 ? "no" : "yes"] as const),
    );
    const score = scoreGdprAnswers(answers);
    const analysis = analyseGdprAnswers(answers);
    expect(analysis).toMatchObject(score);
    expect(score).toMatchObject({ yes: 15, total: 23, scorePercent: 65 });
    expect(analysis).toMatchObject({ answered: 23, level: "developing" });
    const gaps = analysis.categories.flatMap((category) => category.gaps);
    expect(gaps.map((gap) => gap.questionId)).toEqual(questions.filter((_, index) => index % 3 === 0).map((q) => q.id));
    expect(gaps.every((gap) => gap.recommendation === GDPR_RECOMMENDATIONS[gap.questionId])).toBe(true);
  });

  it("counts only the checklist's own questions, not what a request adds", () => {
    const analysis = analyseGdprAnswers(JSON.parse('{"__proto__": {"audit-inventory": "yes"}, "unknown": "yes"}'));
    expect(analysis).toMatchObject({ answered: 0, yes: 0, scorePercent: 0, level: "at-risk" });
  });
});
