import type { ReactNode } from "react";
import { responsiveSources } from "~/components/post-card";
import type { PostBlock, PostInline, PostPictures } from "~/lib/blog/post-text/post-text";
import { typesetBlocks } from "~/lib/blog/post-text/typeset-blocks";

/** The width a picture in the reading column is shown at, for the browser's choice among its widths. */
export const BODY_IMAGE_SIZES = "(max-width: 48rem) 100vw, 44rem";

/**
 * A post's text as React elements (decision 050): the public post, the editor's preview
 * and the feed render this one component. Text is React text (escaped), with typographic
 * quotes and dashes (decision 073); addresses were checked when the text was parsed; a
 * picture not in the library is left out.
 */
export function PostBody({
  blocks,
  pictures,
  className = "post-body",
}: {
  blocks: PostBlock[];
  pictures: PostPictures;
  className?: string;
}) {
  return <div className={className}>{renderBlocks(typesetBlocks(blocks), pictures)}</div>;
}

function renderBlocks(blocks: PostBlock[], pictures: PostPictures): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case "paragraph":
        return <p key={index}>{renderInline(block.children)}</p>;
      case "heading":
        return block.level === 2 ? (
          <h2 key={index}>{renderInline(block.children)}</h2>
        ) : (
          <h3 key={index}>{renderInline(block.children)}</h3>
        );
      case "list": {
        const items = block.items.map((item, n) => <li key={n}>{renderItem(item, pictures)}</li>);
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
      case "quote":
        return <blockquote key={index}>{renderBlocks(block.children, pictures)}</blockquote>;
      case "image": {
        const picture = pictures[block.url];
        if (!picture) return null;
        const responsive = responsiveSources(picture.src);
        const alt = block.alt || picture.alt;
        return (
          <figure key={index} className="post-figure">
            <img
              src={picture.src}
              srcSet={responsive?.srcSet}
              sizes={responsive ? BODY_IMAGE_SIZES : undefined}
              alt={alt}
              width={picture.width ?? undefined}
              height={picture.height ?? undefined}
              loading="lazy"
              decoding="async"
            />
            {block.caption ? <figcaption>{block.caption}</figcaption> : null}
          </figure>
        );
      }
    }
  });
}

/** A list item's one paragraph is its text (a tight list), a nested list after it kept; more paragraphs keep theirs. */
function renderItem(item: PostBlock[], pictures: PostPictures) {
  const [first, ...rest] = item;
  if (first?.type === "paragraph" && !rest.some((block) => block.type === "paragraph")) {
    return [...renderInline(first.children), ...renderBlocks(rest, pictures)];
  }
  return renderBlocks(item, pictures);
}

function renderInline(nodes: PostInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.value;
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "strong":
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case "link":
        return (
          <a key={index} href={node.href} rel={node.external ? "noopener" : undefined}>
            {renderInline(node.children)}
          </a>
        );
    }
  });
}
