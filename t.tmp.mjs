import { fromMarkdown } from "mdast-util-from-markdown";
const off = { disable: { null: ["codeIndented","codeFenced","codeText","htmlFlow","htmlText","setextUnderline","thematicBreak","definition","characterReference"] } };
for (const [n,s] of [["quote",">".repeat(50000)+" x"],["list","- ".repeat(30000)+"x"],["brackets","[".repeat(100000)],["stars","*a".repeat(50000)],["links","[a](".repeat(25000)],["imgs","![".repeat(50000)], ["under", "_a ".repeat(33000)]]) {
  const t=Date.now(); try { fromMarkdown(s,{extensions:[off]}); console.log(n, Date.now()-t,"ms"); } catch(e) { console.log(n,"ERR",e.message.slice(0,80), Date.now()-t) }
}
