import { typeset } from "../../platform/typography";
import type { PostBlock, PostInline } from "./post-text";

/**
 * A post's blocks with typographic quotes, apostrophes and dashes in their words (decision
 * 073), for what visitors read: PostBody renders through it, so the page, the editor's
 * preview and the feed agree. A quote opens or closes by the character before it, across
 * emphasis and links too (`"*now*"` is three pieces). Addresses and the stored text stay as
 * written. Its own module: post-text.ts carries the parser, which must not reach a browser.
 */
export function typesetBlocks(blocks: PostBlock[]): PostBlock[] {
  return blocks.map((block): PostBlock => {
    switch (block.type) {
      case "paragraph":
      case "heading":
        return { ...block, children: typesetInlines(block.children, { last: "" }) };
      case "list":
        return { ...block, items: block.items.map(typesetBlocks) };
      case "quote":
        return { ...block, children: typesetBlocks(block.children) };
      case "image":
        return { ...block, alt: typeset(block.alt), caption: typeset(block.caption) };
    }
  });
}

function typesetInlines(nodes: PostInline[], context: { last: string }): PostInline[] {
  return nodes.map((node): PostInline => {
    if (node.type !== "text") return { ...node, children: typesetInlines(node.children, context) };
    const value = typeset(node.value, context.last);
    if (value) context.last = value[value.length - 1]!;
    return { ...node, value };
  });
}
