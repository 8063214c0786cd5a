/**
 * A small HTML/XML tokenizer for the stored-XSS tests: what a browser's tokenizer would
 * make of a page, as far as these checks need. Start tags with their attributes (values
 * decoded), the text between tags (decoded), and the contents of script/style/textarea/
 * title, which are text up to their own end tag, however much markup they seem to hold.
 * If a stored value broke out of its text, attribute or script, it shows up here as a
 * tag or an attribute of its own.
 */
export type Tag = { name: string; attributes: Map<string, string> };
export type Markup = { tags: Tag[]; text: string; rawTexts: { tag: Tag; text: string }[] };

const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * Visible text with typographic quotes turned back into straight ones. Public pages curl
 * the quotes of what staff typed (decision 073); what these tests check is that markup
 * shows as text, not which quote characters it is shown with.
 */
export const withStraightQuotes = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

export function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function tokenize(source: string, options: { xml?: boolean } = {}): Markup {
  const tags: Tag[] = [];
  const texts: string[] = [];
  const rawTexts: Markup["rawTexts"] = [];
  let i = 0;
  const skipPast = (marker: string, from: number) => {
    const end = source.indexOf(marker, from);
    return end < 0 ? source.length : end + marker.length;
  };
  while (i < source.length) {
    const lt = source.indexOf("<", i);
    texts.push(decodeEntities(source.slice(i, lt < 0 ? source.length : lt)));
    if (lt < 0) break;
    if (source.startsWith("<!--", lt)) i = skipPast("-->", lt + 4);
    else if (source.startsWith("<![CDATA[", lt)) {
      const end = skipPast("]]>", lt + 9);
      texts.push(source.slice(lt + 9, end - 3));
      i = end;
    } else if (/^<[!?/]/.test(source.slice(lt, lt + 2))) i = skipPast(">", lt);
    else if (/^<[a-zA-Z]/.test(source.slice(lt, lt + 2))) {
      const { tag, end } = startTag(source, lt + 1);
      tags.push(tag);
      i = end;
      if (!options.xml && RAW_TEXT.has(tag.name)) {
        const close = source.toLowerCase().indexOf(`</${tag.name}`, i);
        const stop = close < 0 ? source.length : close;
        const raw = source.slice(i, stop);
        rawTexts.push({ tag, text: tag.name === "textarea" || tag.name === "title" ? decodeEntities(raw) : raw });
        i = stop;
      }
    } else {
      texts.push("<");
      i = lt + 1;
    }
  }
  return { tags, text: texts.join(""), rawTexts };
}

/** A start tag from just after its "<": the name, each attribute as the HTML tokenizer reads it. */
function startTag(source: string, from: number) {
  const name = /^[^\s/>]+/.exec(source.slice(from))![0];
  const attributes = new Map<string, string>();
  let j = from + name.length;
  for (;;) {
    while (j < source.length && /[\s/]/.test(source[j]!)) j++;
    if (j >= source.length || source[j] === ">") break;
    const attribute = /^[^\s/>][^\s/>=]*/.exec(source.slice(j))![0];
    j += attribute.length;
    while (/\s/.test(source[j] ?? "")) j++;
    let value = "";
    if (source[j] === "=") {
      j++;
      while (/\s/.test(source[j] ?? "")) j++;
      const quote = source[j];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, j + 1);
        value = source.slice(j + 1, close < 0 ? source.length : close);
        j = close < 0 ? source.length : close + 1;
      } else {
        value = /^[^\s>]*/.exec(source.slice(j))![0];
        j += value.length;
      }
    }
    if (!attributes.has(attribute.toLowerCase())) attributes.set(attribute.toLowerCase(), decodeEntities(value));
  }
  return { tag: { name: name.toLowerCase(), attributes }, end: Math.min(j + 1, source.length) };
}

/**
 * What stored markup must never become on a page: an event-handler attribute, a
 * `javascript:` address, or a script without this response's CSP nonce (`nonce`
 * undefined: no script at all, as in an e-mail). Returns the problems found, for a
 * readable failure; an empty list is a pass.
 */
export function injectedMarkup(markup: Markup, nonce: string | undefined) {
  const problems: string[] = [];
  for (const tag of markup.tags) {
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) problems.push(`<${tag.name} ${name}=…>`);
      if (/^\s*javascript:/i.test(value) && ["href", "src", "action", "formaction", "xlink:href"].includes(name)) {
        problems.push(`<${tag.name} ${name}="${value}">`);
      }
    }
    if (tag.name === "script" && (nonce === undefined || tag.attributes.get("nonce") !== nonce)) {
      problems.push(`<script> without the nonce: ${JSON.stringify([...tag.attributes])}`);
    }
  }
  return problems;
}
