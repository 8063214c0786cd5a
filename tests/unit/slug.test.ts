import { describe, expect, it } from "vitest";
import { slugify } from "~/lib/platform/slug";

describe("slugify", () => {
  it("makes lowercase, hyphenated, ASCII slugs from titles", () => {
    expect(slugify("Part-time Animator")).toBe("part-time-animator");
    expect(slugify("  Senior   Developer (Oslo) ")).toBe("senior-developer-oslo");
    expect(slugify("Økonomi & Årsoppgjør")).toBe("okonomi-arsoppgjor");
    expect(slugify("Blåbær-syltetøy")).toBe("blabaer-syltetoy");
    expect(slugify("Café Noël")).toBe("cafe-noel");
    expect(slugify("!!!")).toBe("");
  });
});
