import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ApplicationStatus } from "./application-statuses";
import type { LeadStatus } from "./lead-statuses";
import type { SessionEndReason } from "./session-end-reasons";

/**
 * One schema, for the embedded PostgreSQL and any PostgreSQL server. All timestamps are
 * `timestamptz` and the connection runs in UTC, so dates read back identically everywhere.
 */
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const id = () => uuid("id").primaryKey().defaultRandom();

// ─── Staff and authentication ────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lowercased and trimmed; compared the same way. */
    email: text("email").notNull().unique(),
    /** Null while an invitation is pending: nobody can sign in until the invitee sets one. */
    passwordHash: text("password_hash"),
    /** Set when a colleague was invited (null for accounts made by script or at first start). */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** Deactivated by a colleague: cannot sign in, and every session was ended. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * When the account last said "Ikke nå" to the dashboard's nudge to turn on two-step
     * verification; the nudge stays away for 30 days after it (staff/two-step-nudge.server.ts).
     */
    twoStepNudgeDismissedAt: timestamp("two_step_nudge_dismissed_at", { withTimezone: true }),
    /**
     * Eier, Redaktør or Skribent (app/lib/auth/roles.ts, decision 059). The accounts that
     * existed before roles became owners (the migration), so nobody lost anything.
     */
    role: text("role").$type<"owner" | "editor" | "author">().notNull().default("editor"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_role_known", sql`${t.role} in ('owner', 'editor', 'author')`)],
);

/**
 * One-time links e-mailed about an account: an invitation (72 hours), a password reset
 * (30 minutes) or the confirmation of a new e-mail address (24 hours, `newEmail`). Only a
 * keyed hash of the token is stored; a used link keeps its row (usedAt) until retention.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"invitation" | "password_reset" | "email_change">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

export const profiles = pgTable("profiles", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The TOTP factor of a user; confirmedAt is null until the first code is verified. */
export const mfaFactors = pgTable("mfa_factors", {
  id: id(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  friendlyName: text("friendly_name").notNull().default("Authenticator"),
  factorType: text("factor_type").notNull().default("totp"),
  /**
   * The TOTP key, encrypted with SECRETS_KEY ("v1:…", platform/secrets.server.ts): a copy
   * of the database alone cannot make codes. Plain base32 only in a database not yet
   * started by a version that encrypts (it does so at start-up).
   */
  secret: text("secret").notNull(),
  /** The TOTP time step last accepted: a code is never accepted twice (replay). */
  lastUsedStep: integer("last_used_step"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** A pending second-factor check (POST /api/auth/factors/{id}/challenge): valid for 5 minutes, used once. */
export const mfaChallenges = pgTable("mfa_challenges", {
  id: id(),
  factorId: uuid("factor_id")
    .notNull()
    .references(() => mfaFactors.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const mfaRecoveryCodes = pgTable("mfa_recovery_codes", {
  id: id(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Keyed hash ("v1:…", HMAC with a key from SECRETS_KEY) of the normalised code. */
  codeHash: text("code_hash").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A passkey (WebAuthn credential, decision 065): a second factor on its own, and with user
 * verification a whole sign-in. Only the public key is stored; `counter` is the
 * authenticator's signature count (a clone shows up as a count that does not grow).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as base64url: what the browser's assertion names. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * A WebAuthn challenge, kept on the server: used once, valid 5 minutes, bound to the
 * session that asked for it or, for a passkey sign-in (no session yet), to the hash of a
 * random token in a short-lived cookie. Replaying a response finds it used.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: id(),
    challenge: text("challenge").notNull(),
    /** register | sign-in | second-step */
    purpose: text("purpose").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => userSessions.id, { onDelete: "cascade" }),
    bindingHash: text("binding_hash"),
    /** The name a registration will get, chosen before the browser's prompt. */
    name: text("name"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

export const userSessions = pgTable(
  "user_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie token: the cookie value itself is never stored. */
    sessionToken: text("session_token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Why an inactive session ended (null while active, and for sessions ended before this
     * was recorded): lets the staff guard tell a browser whose session the server ended
     * elsewhere (a password reset, say) why it must sign in again.
     */
    endedReason: text("ended_reason").$type<SessionEndReason>(),
    /** Set once the second factor was verified for this session (null: not needed or pending). */
    mfaVerifiedAt: timestamp("mfa_verified_at", { withTimezone: true }),
    /**
     * When the password was last entered again in this session (re-authentication, valid
     * for minutes for sensitive changes). Null: not since sign-in (created_at).
     */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
    lastActivity: timestamp("last_activity", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId, t.isActive)],
);

/**
 * Browsers an account has signed in from (decision 067): the SHA-256 of the random id in
 * the long-lived "browser" cookie, per account, so a sign-in from any other browser sends
 * the "new sign-in" e-mail. Only for that notice: nothing is skipped for a known browser.
 */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    /** "Chrome på Windows", from the User-Agent at the first sign-in. */
    label: text("label").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("known_browsers_user_browser_idx").on(t.userId, t.browserHash),
    index("known_browsers_hash_idx").on(t.browserHash),
  ],
);

/**
 * Every check of a second-factor code (TOTP or recovery code) for an existing factor,
 * wherever it happens: the failures of the last 15 minutes are the account's code budget.
 */
export const mfaCodeAttempts = pgTable(
  "mfa_code_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    success: boolean("success").notNull(),
    /** Where the code was entered: sign-in, settings-turn-off, api-verify, api-delete. */
    context: text("context").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_code_attempts_user_idx").on(t.userId, t.createdAt)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    success: boolean("success").notNull(),
    errorMessage: text("error_message"),
    ipAddress: text("ip_address"),
    /** What the per-IP throttle counts by: the IPv4 address, or the IPv6 /64. */
    ipKey: text("ip_key"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ipAddress, t.createdAt),
    index("login_attempts_ip_key_idx").on(t.ipKey, t.createdAt),
  ],
);

export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_events_user_idx").on(t.userId, t.createdAt),
    // The audit page: newest first, optionally by kind.
    index("security_events_created_idx").on(t.createdAt),
    index("security_events_action_idx").on(t.action, t.createdAt),
  ],
);

// ─── Content ─────────────────────────────────────────────────────────────────

/**
 * The search-engine fields of a post, job, case study (docs/decisions/056): empty text
 * means "the thing's own title, text, image"; noindex keeps it out of search engines and
 * the sitemap.
 */
const seoColumnsOf = () => ({
  seoTitle: text("seo_title").notNull().default(""),
  seoDescription: text("seo_description").notNull().default(""),
  shareImage: text("share_image").notNull().default(""),
  noindex: boolean("noindex").notNull().default(false),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    author: text("author").notNull(),
    slug: text("slug").notNull().unique(),
    /** Plain text; paragraphs are separated by newlines. Never rendered as HTML. */
    content: text("content").notNull(),
    featuredImage: text("featured_image").notNull().default(""),
    featured: boolean("featured").notNull().default(false),
    published: boolean("published").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Tags in slug form ("local-ai"), at most 8 (app/lib/blog/post-tags.ts; decision 051). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** "Publiser senere": a draft goes live at this moment, once (post-schedule.server.ts); null otherwise. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    ...seoColumnsOf(),
    /**
     * The staff account that wrote the post: an author (Skribent) sees and changes only
     * theirs (decision 059). Older posts: the first revision's author; null for seeds.
     */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Review before publishing (docs/decisions/066): "submitted" waits in the editors'
     * queue, "returned" was sent back with `review_comment`; null is a plain draft or a
     * published post. One review at a time, so columns rather than a table; the history
     * of submissions and answers is the audit log's.
     */
    reviewStatus: text("review_status").$type<"submitted" | "returned">(),
    reviewComment: text("review_comment"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** Who last answered (published or sent back), and when. */
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    index("blog_posts_owner_idx").on(t.ownerId),
    index("blog_posts_review_idx")
      .on(t.submittedAt)
      .where(sql`${t.reviewStatus} = 'submitted'`),
    index("blog_posts_published_idx").on(t.published, t.createdAt),
    index("blog_posts_tags_idx").using("gin", t.tags),
    index("blog_posts_publish_at_idx")
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
  ],
);

/**
 * Every save of a post (the editor, the JSON API, a restore) as it was saved: who, when,
 * and the fields. `number` counts a post's saves from 1; the editor sends the number it
 * opened, and a save naming an older one is refused (docs/decisions/052).
 */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    author: text("author").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    featuredImage: text("featured_image").notNull(),
    featured: boolean("featured").notNull(),
    published: boolean("published").notNull(),
    /** The post's tags as saved (decision 051). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Its search-engine fields as saved (decision 056); revisions older than them have the defaults. */
    ...seoColumnsOf(),
    savedBy: uuid("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when this revision was made by restoring an earlier one. */
    restoredFrom: integer("restored_from"),
  },
  (t) => [unique("blog_post_revisions_post_number").on(t.postId, t.number)],
);

/**
 * Private preview links of a draft: anyone holding the link reads the unpublished post,
 * until it expires (7 days) or is revoked. Only a keyed hash of the token is stored;
 * `tokenHint` is its first characters, so staff can tell two links apart.
 */
export const blogPreviewLinks = pgTable(
  "blog_preview_links",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    tokenHint: text("token_hint").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("blog_preview_links_post_idx").on(t.postId)],
);

export const jobListings = pgTable("job_listings", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  location: text("location").notNull(),
  type: text("type").notNull(),
  department: text("department").notNull().default(""),
  description: text("description").notNull(),
  responsibilities: jsonb("responsibilities").$type<string[]>().notNull().default([]),
  requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
  benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
  applyLink: text("apply_link").notNull(),
  /** How long applications to this listing are kept (decision 057): months after the application, or after the listing closed. */
  retentionMonths: integer("retention_months").notNull().default(6),
  published: boolean("published").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ...seoColumnsOf(),
});

/**
 * The showcase and its case studies (/work, /work/:slug, the home page, the service pages),
 * edited by staff at /admin/work. Media are paths: "/uploads/…" for files in the media
 * store, anything else a key under the media base URL (the seeded files in public/media).
 */
export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** The client, or the sector when the client stays anonymous. */
    client: text("client").notNull().default(""),
    /** Slugs of the services in app/content/services.ts. */
    services: jsonb("services").$type<string[]>().notNull().default([]),
    /** One line: what came of it. */
    result: text("result").notNull().default(""),
    summary: text("summary").notNull().default(""),
    /** The case study: plain text, one paragraph per line (the blog's format). */
    challenge: text("challenge").notNull().default(""),
    approach: text("approach").notNull().default(""),
    outcome: text("outcome").notNull().default(""),
    videoMp4: text("video_mp4").notNull(),
    videoWebm: text("video_webm"),
    /** The poster as WebP, and as JPEG for the rest. */
    poster: text("poster").notNull(),
    posterJpeg: text("poster_jpeg").notNull(),
    posterAlt: text("poster_alt").notNull().default(""),
    featured: boolean("featured").notNull().default(false),
    /** The case study's facts (decision 063): the year it shipped, how long it took, what it runs on. */
    year: integer("year"),
    duration: text("duration").notNull().default(""),
    stack: jsonb("stack").$type<string[]>().notNull().default([]),
    /** Who did what, in the order shown. */
    credits: jsonb("credits").$type<Array<{ role: string; name: string }>>().notNull().default([]),
    /** The key figures strip: a short value ("−40 %") and what it measures. */
    figures: jsonb("figures").$type<Array<{ value: string; label: string }>>().notNull().default([]),
    /** Images from the media library (or shipped media keys), each with the alt text it has here. */
    gallery: jsonb("gallery").$type<Array<{ src: string; alt: string }>>().notNull().default([]),
    status: text("status").$type<"draft" | "published">().notNull().default("published"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...seoColumnsOf(),
  },
  (t) => [index("portfolio_items_order_idx").on(t.sortOrder)],
);

/**
 * Old addresses that answer 301 to a new one (/admin/redirects): made automatically when a
 * post's, job's or case study's slug changes, or by staff. Looked up only where the site
 * would otherwise answer 404. `to` is a path on this site or an https URL, never the
 * `from` of another row (the graph is kept flat: no chains, no loops).
 */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    fromPath: text("from_path").notNull().unique(),
    toTarget: text("to_target").notNull(),
    kind: text("kind").$type<"automatic" | "manual">().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
  },
  (t) => [
    index("redirects_to_idx").on(t.toTarget),
    check("redirects_kind_check", sql`${t.kind} in ('automatic', 'manual')`),
  ],
);

export const media = pgTable("media", {
  id: id(),
  /** Server-generated storage key; the uploader's file name is never used as a path. */
  storageKey: text("storage_key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  width: integer("width"),
  height: integer("height"),
  variants: jsonb("variants").$type<Record<string, string>>().notNull().default({}),
  /** What the image shows, for screen readers; used wherever the image is shown (decision 030). */
  altText: text("alt_text").notNull().default(""),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// ─── What visitors send us ───────────────────────────────────────────────────

export const contactRequests = pgTable("contact_requests", {
  id: id(),
  company: text("company").notNull(),
  project: text("project").notNull(),
  email: text("email").notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: id(),
  email: text("email").notNull().unique(),
  status: text("status").$type<"pending" | "active" | "unsubscribed">().notNull().default("pending"),
  source: text("source").notNull().default("footer"),
  /** The exact consent wording shown, with when and from where it was given. */
  consentText: text("consent_text").notNull(),
  consentIp: text("consent_ip"),
  consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
  confirmTokenHash: text("confirm_token_hash"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /**
   * Keyed hash ("v1:…") of the token in this address's unsubscribe links. The token is
   * derived from the row id with a key from SECRETS_KEY, so every future e-mail can carry
   * the same link while the database holds nothing that unsubscribes anyone. Null only
   * between the migration and the first start-up after it, which fills it.
   */
  unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
  /**
   * Keyed hash of the random token this address had before tokens were derived (issue 12):
   * the links in e-mails already sent keep working. Null for addresses signed up since.
   */
  legacyUnsubscribeTokenHash: text("legacy_unsubscribe_token_hash").unique(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  /**
   * The privacy policy in force when the consent was given: the version of the "privacy"
   * page (page_versions.version, 0 = the original text); null for consents given before
   * versions were recorded (decision 053).
   */
  privacyVersion: integer("privacy_version"),
  /** Sent with a valid proof of work (decision 062); false without one, and for sign-ups from before the check. */
  verified: boolean("verified").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * What is left of an address erased on request (GDPR Art. 17): only a keyed hash of it
 * (platform/secrets.server.ts), so an import cannot add it again silently; a public
 * sign-up still can, through double opt-in, and its confirmation removes the marker.
 */
export const newsletterErasures = pgTable("newsletter_erasures", {
  addressHash: text("address_hash").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});

export const gdprSubmissions = pgTable("gdpr_submissions", {
  id: id(),
  email: text("email").notNull(),
  checkedCount: integer("checked_count").notNull(),
  totalItems: integer("total_items").notNull(),
  scorePercent: integer("score_percent").notNull(),
  answers: jsonb("answers").$type<Record<string, "yes" | "no">>().notNull(),
  subscribeNewsletter: boolean("subscribe_newsletter").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * The staff inbox's view of what visitors sent: one row per contact request or GDPR
 * submission (exactly one of the two), with its place in the sales pipeline and whether
 * anyone has opened it. Deleting the submission deletes the lead and its notes.
 */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    kind: text("kind").$type<"contact" | "gdpr">().notNull(),
    contactRequestId: uuid("contact_request_id")
      .unique()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    gdprSubmissionId: uuid("gdpr_submission_id")
      .unique()
      .references(() => gdprSubmissions.id, { onDelete: "cascade" }),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** First opened by any staff member; null: unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** The privacy policy in force when the visitor sent it, as on newsletter_subscribers (decision 053). */
    privacyVersion: integer("privacy_version"),
    /** Sent with a valid proof of work (decision 062); false without one, and for leads from before the check. */
    verified: boolean("verified").notNull().default(false),
    /** When the visitor sent it (the submission's own time). */
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt),
    check(
      "leads_one_source",
      sql`(${t.kind} = 'contact' and ${t.contactRequestId} is not null and ${t.gdprSubmissionId} is null) or (${t.kind} = 'gdpr' and ${t.gdprSubmissionId} is not null and ${t.contactRequestId} is null)`,
    ),
  ],
);

/** Staff's internal notes on a lead; the author's name is kept as written. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: id(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);

// ─── Job applications (decision 057) ─────────────────────────────────────────

/**
 * An application sent from a listing's form. The job's title and slug are copied, so the
 * application still says what it was for when the listing is deleted. The CV is a key in
 * the private store (never under /uploads); the row, its notes, replies, e-mails and file
 * are erased together, at `retention_until` at the latest.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: id(),
    jobId: uuid("job_id").references(() => jobListings.id, { onDelete: "set null" }),
    jobTitle: text("job_title").notNull(),
    jobSlug: text("job_slug").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    link: text("link").notNull().default(""),
    letter: text("letter").notNull(),
    /** The CV's key in the private store; its name as the candidate's computer had it, for display only. */
    cvKey: text("cv_key").notNull(),
    cvName: text("cv_name").notNull(),
    cvSize: integer("cv_size").notNull(),
    status: text("status").$type<ApplicationStatus>().notNull().default("new"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** First opened by any staff member; null: unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Erased by the retention round after this moment. */
    retentionUntil: timestamp("retention_until", { withTimezone: true }).notNull(),
    /** Sent with a valid proof of work (decision 062); false without one, and for applications from before the check. */
    verified: boolean("verified").notNull().default(false),
    privacyVersion: integer("privacy_version"),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_applications_created_idx").on(t.createdAt),
    index("job_applications_job_idx").on(t.jobId, t.createdAt),
    index("job_applications_retention_idx").on(t.retentionUntil),
  ],
);

/** Staff's notes on an application; the author's name is kept as written. */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_notes_application_idx").on(t.applicationId, t.createdAt)],
);

/** The answers staff sent the candidate ("Svar"), kept on the application as sent. */
export const applicationReplies = pgTable(
  "application_replies",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    template: text("template").notNull(),
    language: text("language").$type<"nb" | "en">().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_replies_application_idx").on(t.applicationId, t.createdAt)],
);

/**
 * "Svarmaler": the answers staff start a reply from, one row per template and language
 * (thanks, interview, rejection × nb, en). Seeded with the texts that were code
 * (seed set "application-reply-templates-v1", version 1); `{firstName}`, `{name}`, `{job}`
 * and `{studio}` are filled when a reply is written. `version` rises with every save, so a
 * colleague's save is never overwritten (decision 064).
 */
export const applicationReplyTemplates = pgTable(
  "application_reply_templates",
  {
    template: text("template").notNull(),
    language: text("language").$type<"nb" | "en">().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedByName: text("updated_by_name"),
  },
  (t) => [
    primaryKey({ columns: [t.template, t.language] }),
    check("application_reply_templates_known", sql`${t.template} in ('thanks', 'interview', 'rejection')`),
    check("application_reply_templates_language", sql`${t.language} in ('nb', 'en')`),
  ],
);

// ─── Newsletter issues and their sending ─────────────────────────────────────

/**
 * An issue of the newsletter, written by staff in the blog's text format (a paragraph per
 * line). A draft until it is sent; then it is kept as it was sent (the history).
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: id(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    body: text("body").notNull(),
    /** An uploaded image's /uploads/… address, or "". */
    featuredImage: text("featured_image").notNull().default(""),
    /** The published post it was started from, if any. */
    sourcePostId: uuid("source_post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** "Send senere": the send starts at this moment, once (scheduled-send.server.ts, decision 051); null otherwise. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** Who scheduled it: the send is started (and audited) in their name. */
    sendScheduledBy: uuid("send_scheduled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("newsletter_issues_updated_idx").on(t.updatedAt),
    index("newsletter_issues_send_at_idx")
      .on(t.sendAt)
      .where(sql`${t.sendAt} IS NOT NULL`),
  ],
);

/**
 * One sending of an issue to every active subscriber (at most one per issue). Running
 * until every delivery was released and its e-mail left the outbox; the final counts are
 * kept here, since the outbox forgets its rows after 90 days.
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: id(),
    issueId: uuid("issue_id")
      .notNull()
      .unique()
      .references(() => newsletterIssues.id, { onDelete: "restrict" }),
    status: text("status").$type<"running" | "done">().notNull().default("running"),
    recipientCount: integer("recipient_count").notNull(),
    sentCount: integer("sent_count"),
    failedCount: integer("failed_count"),
    skippedCount: integer("skipped_count"),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // One send at a time: the rate is the whole newsletter's, not each send's.
  (t) => [
    uniqueIndex("newsletter_sends_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * One recipient of a send: waiting, then released into the mail outbox (at the configured
 * rate), or skipped (unsubscribed before it was their turn). Unique per send and
 * subscriber, so nobody gets an issue twice.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: id(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: text("status").$type<"waiting" | "released" | "skipped">().notNull().default("waiting"),
    outboxId: uuid("outbox_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    unique("newsletter_deliveries_once").on(t.sendId, t.subscriberId),
    index("newsletter_deliveries_status_idx").on(t.sendId, t.status),
    index("newsletter_deliveries_released_idx").on(t.releasedAt),
    index("newsletter_deliveries_outbox_idx").on(t.outboxId),
  ],
);

// ─── Infrastructure ──────────────────────────────────────────────────────────

/** Public document requests, counted on the server: no cookie, no IP, no user agent. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    /** The campaign a visit came from (utm_source, utm_medium, utm_campaign), when its link said. */
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    /** The referring site, host only (never the full address, never this site). */
    referrer: text("referrer"),
    /**
     * How many alike views (same path, campaign and referrer) this row counts: a process
     * writes the views of each second as one row per kind, so a burst of visits (or a
     * flood of requests) adds rows per kind of visit, not per request (decision 085).
     */
    views: integer("views").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_idx").on(t.createdAt), check("page_views_views_positive", sql`${t.views} > 0`)],
);

/**
 * Transactional outbox: rows are written in the same transaction as the form data
 * they belong to, and a worker delivers them with retries.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    /** Stable RFC 5322 Message-ID, so a retried delivery can be recognised as a duplicate. */
    messageId: text("message_id").notNull().unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** When the worker last tried to deliver it (claimed it), whatever came of it. */
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The lead this message is about (its notification, receipt or report): erased with it. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** The application this message is about (receipt, notification, reply): erased with it. */
    applicationId: uuid("application_id").references(() => jobApplications.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_lead_idx").on(t.leadId),
    index("mail_outbox_application_idx").on(t.applicationId),
  ],
);

/** Fixed-window counters shared by every app process (rate limits live in the database). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Proof-of-work challenges already used (decision 062), by their challenge hash, so a
 * solution counts once across every instance; kept until the challenge expires, then
 * removed by the retention round.
 */
export const usedProofs = pgTable(
  "used_proofs",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_proofs_expires_idx").on(t.expiresAt)],
);

/**
 * A fingerprint of the key that encrypts and hashes the secrets above (SECRETS_KEY), per
 * key version: a server started with another key refuses to start instead of failing
 * every sign-in with two-step verification and every unsubscribe link.
 */
export const secretKeyVersions = pgTable("secret_key_versions", {
  version: integer("version").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  createdAt: createdAt(),
});

/** Records which one-off seed sets were applied, so seeding runs once per database. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

// ─── Page content (docs/decisions/044-page-content-is-data.md) ───────────────

/**
 * The words of a public page (home, the service pages, …) per language: the published
 * document visitors see and at most one draft beside it. Documents are checked against
 * the page's schema in app/lib/pages on write and on read. A page without a row shows
 * its seed, so a fresh install needs no rows.
 */
export const pageContent = pgTable(
  "page_content",
  {
    /** The page's key in the registry ("home", "design", …). */
    page: text("page").notNull(),
    /** "en" only for now; a Norwegian version is another row, not another table. */
    locale: text("locale").notNull(),
    published: jsonb("published").$type<Record<string, unknown>>(),
    /** 0 while the seed is what visitors see; each publish adds one. */
    publishedVersion: integer("published_version").notNull().default(0),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    /** Raised by every draft change, publish and discard: a save naming an older one is refused. */
    draftRevision: integer("draft_revision").notNull().default(0),
    draftUpdatedBy: uuid("draft_updated_by").references(() => users.id, { onDelete: "set null" }),
    draftUpdatedAt: timestamp("draft_updated_at", { withTimezone: true }),
    /** Review of the draft (decision 071): "submitted" | "returned" | null (none, or published). */
    draftReviewStatus: text("draft_review_status"),
    /** The reviewer's comment when sent back. */
    draftReviewComment: text("draft_review_comment"),
    /** Who pressed "Send til godkjenning": the one told of the answer (the draft is shared). */
    draftSubmittedBy: uuid("draft_submitted_by").references(() => users.id, { onDelete: "set null" }),
    draftSubmittedAt: timestamp("draft_submitted_at", { withTimezone: true }),
    draftReviewedBy: uuid("draft_reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.page, t.locale] })],
);

/** Every published document, kept: the history a page can be compared with and restored from. */
export const pageVersions = pgTable(
  "page_versions",
  {
    page: text("page").notNull(),
    locale: text("locale").notNull(),
    version: integer("version").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when this version was made by restoring an earlier one. */
    restoredFromVersion: integer("restored_from_version"),
  },
  (t) => [primaryKey({ columns: [t.page, t.locale, t.version] })],
);

// ─── The studio's details ────────────────────────────────────────────────────

/**
 * The studio's details (name, address, organisation number, …) that the footer, the legal
 * pages, JSON-LD and every e-mail show: one row, one typed JSON document whose shape
 * app/lib/studio checks on every read and write (decision 045). No row: the seed.
 * `version` counts saves, so a save over a colleague's newer one is refused.
 */
/**
 * The studio's access rules, one row (decision 059): who must have two-step verification.
 * No row: nobody is required to.
 */
export const accessPolicy = pgTable(
  "access_policy",
  {
    id: integer("id").primaryKey().default(1),
    twoStep: text("two_step").$type<"off" | "owners-editors" | "everyone">().notNull().default("off"),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("access_policy_one_row", sql`${t.id} = 1`)],
);

export const studioDetails = pgTable(
  "studio_details",
  {
    id: integer("id").primaryKey().default(1),
    document: jsonb("document").notNull(),
    version: integer("version").notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("studio_details_one_row", sql`${t.id} = 1`)],
);
