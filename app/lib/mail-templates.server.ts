import { siteConfig } from "~/content/site";

/**
 * E-mail bodies: every message has a plain-text part and a simple, inline-styled
 * HTML part (what mail clients render reliably). Every value is escaped.
 */
export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}

/** Paragraphs from plain text, escaped, line breaks kept. */
export function htmlParagraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

export function htmlLayout({ title, body, footer }: { title: string; body: string; footer?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#F8F4E3;font-family:Helvetica,Arial,sans-serif;color:#10262A;line-height:1.55">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#F8F4E3"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#FFFDF6;border-radius:16px;overflow:hidden">
<tr><td style="background:#184B54;color:#F8F4E3;padding:20px 28px;font-family:Georgia,serif;font-size:22px;font-weight:bold">${escapeHtml(siteConfig.name)}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
<tr><td style="padding:18px 28px;background:#EFE8CF;font-size:12px;color:#3D5458">${footer ?? ""}${escapeHtml(siteConfig.legalName)} · ${escapeHtml(siteConfig.address.street)}, ${escapeHtml(siteConfig.address.postalCode)} ${escapeHtml(siteConfig.address.city)} · Org. no. ${escapeHtml(siteConfig.organisationNumber)}</td></tr>
</table></td></tr></table></body></html>`;
}

export function button(href: string, label: string) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#F44F3B;color:#10262A;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px">${escapeHtml(label)}</a></p>`;
}

export const signature = `\n\n— ${siteConfig.name}\n${siteConfig.email}\n`;
