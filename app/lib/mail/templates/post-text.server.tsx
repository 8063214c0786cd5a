import { Heading, Img, Link, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { PostBlock, PostInline, PostPictures } from "~/lib/blog/post-text/post-text";
import { styles, TextLink } from "./layout.server";

/** Web addresses written as text become links to exactly that address: nothing is rewritten or tracked. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/;

/**
 * The blog's text format (decision 050) in an e-mail: the same blocks as the page, in
 * e-mail markup. Links carry the class `post-link`, which the plain-text part writes as
 * "text (url)" (render.server.ts); pictures are the library's (full addresses), with
 * their caption below.
 */
export function EmailPostText({ blocks, pictures }: { blocks: PostBlock[]; pictures: PostPictures }) {
  return <>{emailBlocks(blocks, pictures)}</>;
}

const headingStyle: Record<2 | 3, CSSProperties> = {
  2: { ...styles.heading, fontSize: "22px", margin: "28px 0 8px" },
  3: { ...styles.heading, fontSize: "18px", margin: "20px 0 6px" },
};
const listStyle: CSSProperties = { ...styles.paragraph, margin: "0 0 16px", paddingLeft: "24px" };
const quoteStyle: CSSProperties = { margin: "0 0 16px", padding: "0 0 0 16px", borderLeft: "4px solid #F44F3B" };

function emailBlocks(blocks: PostBlock[], pictures: PostPictures): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case "paragraph":
        return (
          <Text key={index} style={styles.paragraph}>
            {emailInline(block.children)}
          </Text>
        );
      case "heading":
        return (
          <Heading key={index} as={block.level === 2 ? "h2" : "h3"} style={headingStyle[block.level]}>
            {emailInline(block.children)}
          </Heading>
        );
      case "list": {
        const items = block.items.map((item, n) => <li key={n}>{emailItem(item, pictures)}</li>);
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start} style={listStyle}>
            {items}
          </ol>
        ) : (
          <ul key={index} style={listStyle}>
            {items}
          </ul>
        );
      }
      case "quote":
        return (
          <blockquote key={index} style={quoteStyle}>
            {emailBlocks(block.children, pictures)}
          </blockquote>
        );
      case "image": {
        const picture = pictures[block.url];
        if (!picture) return null;
        return (
          <Section key={index} style={{ margin: "0 0 20px" }}>
            <Img
              src={picture.src}
              alt={block.alt || picture.alt}
              width="544"
              style={{ width: "100%", height: "auto", borderRadius: "12px" }}
            />
            {block.caption ? <Text style={{ ...styles.small, margin: "6px 0 0" }}>{block.caption}</Text> : null}
          </Section>
        );
      }
    }
  });
}

function emailItem(item: PostBlock[], pictures: PostPictures) {
  const [first, ...rest] = item;
  if (first?.type === "paragraph" && !rest.some((block) => block.type === "paragraph")) {
    return [...emailInline(first.children), ...emailBlocks(rest, pictures)];
  }
  return emailBlocks(item, pictures);
}

function emailInline(nodes: PostInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <WithLinks key={index} text={node.value} />;
      case "em":
        return <em key={index}>{emailInline(node.children)}</em>;
      case "strong":
        return <strong key={index}>{emailInline(node.children)}</strong>;
      case "link":
        return (
          <Link key={index} href={node.href} className="post-link" style={styles.link}>
            {emailInline(node.children)}
          </Link>
        );
    }
  });
}

/** As the newsletter always did: a bare address is a link to itself. */
function WithLinks({ text }: { text: string }) {
  return text.split(WEB_ADDRESS).map((part, index) => (index % 2 === 1 ? <TextLink key={index} href={part} /> : part));
}
