import type { PostBlock, PostInline, PostPictures } from "./post-text";

/**
 * A document for somewhere other than this site (the feed, an e-mail): links to this
 * site's paths and pictures served from this server as full addresses.
 */
export function absoluteDocument(blocks: PostBlock[], pictures: PostPictures, siteUrl: string) {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  const inline = (nodes: PostInline[]): PostInline[] =>
    nodes.map((node) =>
      node.type === "text"
        ? node
        : node.type === "link"
          ? { ...node, href: absolute(node.href), children: inline(node.children) }
          : { ...node, children: inline(node.children) },
    );
  const block = (node: PostBlock): PostBlock => {
    switch (node.type) {
      case "paragraph":
      case "heading":
        return { ...node, children: inline(node.children) };
      case "list":
        return { ...node, items: node.items.map((item) => item.map(block)) };
      case "quote":
        return { ...node, children: node.children.map(block) };
      case "image":
        return node;
    }
  };
  const absolutePictures: PostPictures = {};
  for (const [url, picture] of Object.entries(pictures))
    absolutePictures[url] = { ...picture, src: absolute(picture.src) };
  return { blocks: blocks.map(block), pictures: absolutePictures };
}
