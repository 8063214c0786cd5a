import { fromMarkdown } from "mdast-util-from-markdown";
import type { PhrasingContent, RootContent } from "mdast";
import { storageKeyOf } from "../../media/media-forms";
import {
  allowedHref,
  HOSTILE_SCHEMES,
  isExternalHref,
  NESTED_TOO_DEEP,
  NESTING_MAX,
  notALibraryImage,
  precheck,
  schemeOf,
  unsafeLink,
} from "./post-text-rules";

export * from "./post-text-rules";

/**
 * The blog's text format (decision 050). A post written as before, one paragraph per line
 * and no markup, reads exactly as it did: each non-empty line its own paragraph, trimmed.
 * On top, a small part of CommonMark (micromark, through mdast-util-from-markdown):
 * `##`/`###` sub-headings, bulleted and numbered lists, `>` quotes, *emphasis*,
 * **strong**, links (http, https, mailto and addresses on this site) and pictures from the
 * media library, `![alt](/uploads/…-1600.jpg "caption")`. Raw HTML, code, rules, setext
 * headings, reference definitions and character references are switched off, so they stay
 * the literal text they were. The parsed document is plain data (the `PostBlock`s below),
 * rendered by PostBody (the page, the editor's preview, the feed), the newsletter e-mail
 * and its plain text. Browser-safe: the editor's schema checks a text with it.
 */

export type PostInline =
  | { type: "text"; value: string }
  | { type: "em" | "strong"; children: PostInline[] }
  | { type: "link"; href: string; external: boolean; children: PostInline[] };

export type PostImageRef = { type: "image"; url: string; alt: string; caption: string };

export type PostBlock =
  | { type: "paragraph"; children: PostInline[] }
  | { type: "heading"; level: 2 | 3; children: PostInline[] }
  | { type: "list"; ordered: boolean; start: number; items: PostBlock[][] }
  | { type: "quote"; children: PostBlock[] }
  | PostImageRef;

/** A library picture as the post shows it: where from, its size and its alt text (the library's when the text gives none). */
export type PostPicture = { src: string; width: number | null; height: number | null; alt: string };

/** The pictures of one text, by the address written in it (post-text.server.ts looks them up). */
export type PostPictures = Record<string, PostPicture>;

/** Constructs that are off: what they would have matched stays text (raw HTML shows as written). */
const SWITCHED_OFF = {
  disable: {
    null: [
      "codeIndented",
      "codeFenced",
      "codeText",
      "htmlFlow",
      "htmlText",
      "setextUnderline",
      "thematicBreak",
      "definition",
      "characterReference",
    ],
  },
};

export type PostLink = { text: string; href: string };

export type PostText = {
  blocks: PostBlock[];
  /** Library images used, by the address written. */
  images: string[];
  /** Every link as written (also the refused ones), for the editor's list. */
  links: (PostLink & { allowed: boolean })[];
  words: number;
  /** Why the text would be refused at save (Norwegian, first one first); empty when fine. */
  problems: string[];
};

/** What the editor's live preview gets (POST /admin/posts): the page's rendering of the text as data. */
export type PostPreview = Pick<PostText, "blocks" | "words" | "links" | "problems"> & {
  pictures: PostPictures;
  minutes: number;
};

/**
 * One paragraph per line: a blank line goes between any two written lines, except between
 * two quote lines (a quote's lines become its paragraphs after parsing). So a list or quote
 * ends where a plain line follows it (no "lazy" continuation), and a numbered line after
 * a paragraph starts a list, as it looks like it should.
 */
function separateLines(lines: string[]) {
  const out: string[] = [];
  let previous = "";
  for (const line of lines) {
    const current = line.trimStart();
    if (current && previous && !(current.startsWith(">") && previous.startsWith(">"))) out.push("");
    out.push(line);
    previous = current;
  }
  return out.join("\n");
}

/** Parses a post's text into its blocks, with what the editor and the save check need. */
export function parsePostText(content: string): PostText {
  const lines = content.split(/\r\n|\r|\n/);
  const problems = precheck(lines);
  if (problems.length) {
    // Not parsed: shown as plain lines, inert, exactly as the format before it did.
    const blocks = plainBlocks(content);
    return { blocks, images: [], links: [], words: countWords(blocks), problems };
  }
  const root = fromMarkdown(separateLines(lines), { extensions: [SWITCHED_OFF] });
  const state: State = { images: [], links: [], problems: new Set(), depth: 0 };
  const blocks = convertBlocks(root.children, state);
  return {
    blocks,
    images: [...new Set(state.images)],
    links: state.links,
    words: countWords(blocks),
    problems: [...state.problems],
  };
}

/** The format before this one: each non-empty line a paragraph, trimmed. */
export function plainBlocks(content: string): PostBlock[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ type: "paragraph", children: [{ type: "text", value: line }] }));
}

type State = { images: string[]; links: PostText["links"]; problems: Set<string>; depth: number };

function convertBlocks(nodes: RootContent[], state: State): PostBlock[] {
  const blocks: PostBlock[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "paragraph":
        for (const line of splitLines(node.children)) blocks.push(...lineBlocks(line, state));
        break;
      case "heading": {
        const children = trimInline(convertInline(node.children.flatMap(oneLine), state));
        if (children.length) blocks.push({ type: "heading", level: node.depth <= 2 ? 2 : 3, children });
        break;
      }
      case "list":
      case "blockquote": {
        state.depth++;
        if (state.depth > NESTING_MAX) state.problems.add(NESTED_TOO_DEEP);
        if (node.type === "list") {
          const items = node.children.map((item) => convertBlocks(item.children, state));
          // Deeper than allowed: its items as paragraphs, not another level.
          if (state.depth > NESTING_MAX) blocks.push(...items.flat());
          else blocks.push({ type: "list", ordered: Boolean(node.ordered), start: node.start ?? 1, items });
        } else {
          const children = convertBlocks(node.children, state);
          if (state.depth > NESTING_MAX) blocks.push(...children);
          else if (children.length) blocks.push({ type: "quote", children });
        }
        state.depth--;
        break;
      }
      default:
        // Every other construct is switched off; anything unexpected shows as its text.
        if ("value" in node && typeof node.value === "string" && node.value.trim()) {
          blocks.push(...plainBlocks(node.value));
        }
    }
  }
  return blocks;
}

/** A phrasing node's text with line breaks as spaces (a heading is one line). */
function oneLine(node: PhrasingContent): PhrasingContent[] {
  if (node.type === "break") return [{ type: "text", value: " " }];
  if (node.type === "text") return [{ ...node, value: node.value.replace(/\n/g, " ") }];
  if ("children" in node) return [{ ...node, children: node.children.flatMap(oneLine) } as PhrasingContent];
  return [node];
}

/**
 * A paragraph's content cut at each line break (a soft one, or a hard one: two spaces or
 * "\" at the end): the one-paragraph-per-line rule inside quotes and list items. A break
 * inside emphasis or a link cuts that too, each part keeping its wrapper.
 */
function splitLines(nodes: PhrasingContent[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]];
  const push = (node: PhrasingContent) => lines[lines.length - 1]!.push(node);
  for (const node of nodes) {
    if (node.type === "break") {
      lines.push([]);
    } else if (node.type === "text") {
      node.value.split("\n").forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) push({ type: "text", value: part });
      });
    } else if (node.type === "emphasis" || node.type === "strong" || node.type === "link") {
      splitLines(node.children).forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part.length) push({ ...node, children: part } as PhrasingContent);
      });
    } else {
      push(node);
    }
  }
  return lines;
}

/** One line of a paragraph: a paragraph, with each picture in it as a block of its own. */
function lineBlocks(line: PhrasingContent[], state: State): PostBlock[] {
  const blocks: PostBlock[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    const children = trimInline(convertInline(run, state));
    if (children.length) blocks.push({ type: "paragraph", children });
    run = [];
  };
  for (const node of line) {
    if (node.type === "image") {
      flush();
      const image = imageBlock(node.url, node.alt ?? "", node.title ?? "", state);
      if (image) blocks.push(image);
      else run.push({ type: "text", value: node.alt ?? "" });
    } else {
      run.push(node);
    }
  }
  flush();
  return blocks;
}

function imageBlock(url: string, alt: string, caption: string, state: State): PostImageRef | null {
  if (HOSTILE_SCHEMES.test(schemeOf(url))) {
    state.problems.add(unsafeLink(url));
    return null;
  }
  if (!storageKeyOf(url) || !url.startsWith("/uploads/")) {
    state.problems.add(notALibraryImage(url));
    return null;
  }
  state.images.push(url);
  return { type: "image", url, alt: alt.trim(), caption: caption.trim() };
}

function convertInline(nodes: PhrasingContent[], state: State): PostInline[] {
  const out: PostInline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        out.push({ type: "text", value: node.value });
        break;
      case "emphasis":
      case "strong":
        out.push({ type: node.type === "emphasis" ? "em" : "strong", children: convertInline(node.children, state) });
        break;
      case "link": {
        const children = convertInline(node.children, state);
        const href = node.url.trim();
        const allowed = allowedHref(href);
        state.links.push({ text: textOf(children), href, allowed });
        if (HOSTILE_SCHEMES.test(schemeOf(href))) state.problems.add(unsafeLink(href));
        // A refused or unknown address: its words stay, as plain text.
        if (allowed) out.push({ type: "link", href, external: isExternalHref(href), children });
        else out.push(...children);
        break;
      }
      case "image":
        // A picture inside a link or emphasis: its alt text.
        if (node.alt) out.push({ type: "text", value: node.alt });
        break;
      case "break":
        out.push({ type: "text", value: " " });
        break;
      default:
        if ("value" in node && typeof node.value === "string") out.push({ type: "text", value: node.value });
    }
  }
  return mergeText(out);
}

function mergeText(nodes: PostInline[]) {
  const out: PostInline[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === "text" && last?.type === "text")
      out[out.length - 1] = { type: "text", value: last.value + node.value };
    else out.push(node);
  }
  return out;
}

/** A line's content without the white space at its ends (the old format trimmed each line). */
function trimInline(
  nodes: PostInline[],
  sides: { start: boolean; end: boolean } = { start: true, end: true },
): PostInline[] {
  const out = [...nodes];
  const trimEdge = (index: number, side: "start" | "end"): PostInline | null => {
    const node = out[index]!;
    if (node.type === "text") {
      const value = side === "start" ? node.value.trimStart() : node.value.trimEnd();
      return value ? { type: "text", value } : null;
    }
    const children = trimInline(node.children, { start: side === "start", end: side === "end" });
    return children.length ? { ...node, children } : null;
  };
  while (sides.start && out.length) {
    const first = trimEdge(0, "start");
    if (first) {
      out[0] = first;
      break;
    }
    out.shift();
  }
  while (sides.end && out.length) {
    const last = trimEdge(out.length - 1, "end");
    if (last) {
      out[out.length - 1] = last;
      break;
    }
    out.pop();
  }
  return out;
}

/** The words a reader reads: every text, not the addresses. */
export function textOf(nodes: PostInline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.value : textOf(node.children))).join("");
}

function blockText(block: PostBlock): string {
  switch (block.type) {
    case "paragraph":
    case "heading":
      return textOf(block.children);
    case "list":
      return block.items.map((item) => item.map(blockText).join(" ")).join(" ");
    case "quote":
      return block.children.map(blockText).join(" ");
    case "image":
      return block.caption;
  }
}

function countWords(blocks: PostBlock[]) {
  return blocks.reduce(
    (sum, block) => sum + (blockText(block).match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0),
    0,
  );
}
