/**
 * What staff are told about a browser and where it was: "Chrome på Windows" from the
 * User-Agent, "203.0.113.x" from the address. Written by hand (decision 067): a dozen
 * patterns cover the browsers staff use, and a package would be a list to keep up to date
 * for words that only need to be recognisable. Browser-safe, no imports.
 */

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", so the specific come first.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

// iPhone and iPad before Mac (their User-Agent says "like Mac OS X"), Android before Linux.
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome på Windows", "Safari på iPhone", "Firefox", or "Ukjent nettleser". */
export function browserLabel(userAgent: string | null | undefined) {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser) return system ? `Ukjent nettleser på ${system}` : "Ukjent nettleser";
  return system ? `${browser} på ${system}` : browser;
}

/**
 * The network, not the address: the IPv4 /24 ("203.0.113.x") or the IPv6 /48
 * ("2001:db8:1::/48"). Enough to tell "the office" from "somewhere else" without
 * pointing at one device, and no lookup anywhere.
 */
export function approximateNetwork(ip: string | null | undefined) {
  const address = (ip ?? "").trim();
  // An IPv4 address written as IPv6 (::ffff:203.0.113.7) is the IPv4 one.
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (address.includes(":")) {
    const groups = expandIpv6(address);
    if (groups)
      return `${groups
        .slice(0, 3)
        .map((g) => g.replace(/^0+(?=.)/, ""))
        .join(":")}::/48`;
  }
  return "ukjent nettverk";
}

/** The eight groups of an IPv6 address, or null when it is not one. */
function expandIpv6(address: string) {
  const plain = address.split("%")[0]!.toLowerCase();
  if (!/^[0-9a-f:]+$/.test(plain) || plain.split("::").length > 2) return null;
  const [head, tail] = plain.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups : null;
}
