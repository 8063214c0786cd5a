import { describe, expect, it } from "vitest";
import { keptUntilChange } from "~/lib/platform/kept-until-change.server";

// What public pages keep of staff-edited content between changes (decision 078).
describe("a value kept until the content changes", () => {
  const counting = (value: string | undefined) => {
    const reader = { reads: 0, read: async () => (reader.reads++, value) };
    return reader;
  };

  it("is read every time until the process remembers (it hears no changes before)", async () => {
    const kept = keptUntilChange<string | undefined>();
    const source = counting("a");
    await kept.get("k", source.read);
    await kept.get("k", source.read);
    expect(source.reads).toBe(2);
  });

  it("is read once while remembered, and again after a forget", async () => {
    const kept = keptUntilChange<string | undefined>();
    kept.remember();
    const source = counting("a");
    expect(await kept.get("k", source.read)).toBe("a");
    expect(await kept.get("k", source.read)).toBe("a");
    expect(source.reads).toBe(1);
    kept.forget();
    await kept.get("k", source.read);
    expect(source.reads).toBe(2);
  });

  it("never keeps nothing found, nor a read that a forget overtook", async () => {
    const kept = keptUntilChange<string | undefined>();
    kept.remember();
    const missing = counting(undefined);
    await kept.get("gone", missing.read);
    await kept.get("gone", missing.read);
    expect(missing.reads).toBe(2);

    let finish: (value: string) => void = () => {};
    const slow = kept.get("k", () => new Promise<string>((resolve) => (finish = resolve)));
    kept.forget(); // the content changed while the old value was being read
    finish("old");
    expect(await slow).toBe("old");
    const fresh = counting("new");
    expect(await kept.get("k", fresh.read)).toBe("new");
  });

  it("forgets everything rather than grow past its bound", async () => {
    const kept = keptUntilChange<string | undefined>({ sizeOf: (value) => value.length, maxSize: 5 });
    kept.remember();
    const first = counting("abc");
    await kept.get("first", first.read);
    await kept.get("second", counting("def").read); // 3 + 3 > 5: the first is let go
    await kept.get("first", first.read);
    expect(first.reads).toBe(2);
  });
});
