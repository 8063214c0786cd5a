import { useId, useRef, useState } from "react";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { ALT_TEXT_MAX_LENGTH, ALT_TEXT_REQUIRED, storageKeyOf, uploadAltSchema } from "~/lib/media/media-forms";

/** The line above the editor: an upload's outcome, or a save that failed. */
export type EditorMessage = { kind: "error" | "success"; text: string };

const MAX_UPLOAD = 5 * 1024 * 1024;
const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"];

type UploadEvents = {
  onUploaded: (path: string) => void;
  onMessage: (message: EditorMessage | null) => void;
  onUnauthorized: () => void;
};

/**
 * The editor's image upload. It posts to POST /api/upload-image, not to the editor's route
 * action: that endpoint is where an upload's rules live (5 MB at the edge in
 * server/body-limit.ts, the staff check before a byte of the body is read, the per-user
 * rate, the rest of a refused body discarded, the spec's JSON texts), which the editor's
 * action would otherwise repeat for four addresses, and raise its post form's body limit
 * to an upload's. The alt text is checked first with the schema the endpoint uses.
 */
export function useImageUpload({ onUploaded, onMessage, onUnauthorized }: UploadEvents) {
  const [uploading, setUploading] = useState(false);

  async function upload(file: File, alt: string) {
    onMessage(null);
    if (!IMAGE_TYPES.includes(file.type)) {
      onMessage({
        kind: "error",
        text: `Invalid file type: ${file.type || "unknown"}. Only JPEG, PNG, GIF, and WebP images are allowed.`,
      });
      return false;
    }
    if (file.size > MAX_UPLOAD) {
      onMessage({ kind: "error", text: `File too large: ${(file.size / 1024 / 1024).toFixed(2)}MB. Maximum size is 5MB.` });
      return false;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append("image", file);
      form.append("alt", alt);
      const response = await fetch("/api/upload-image", { method: "POST", body: form });
      const body = (await response.json().catch(() => ({}))) as { error?: string; data?: { url?: string } };
      if (response.status === 401) {
        onUnauthorized();
        return false;
      }
      if (!response.ok || !body.data?.url) throw new Error(body.error || `HTTP ${response.status}`);
      onUploaded(body.data.url);
      onMessage({ kind: "success", text: "Image uploaded successfully!" });
      return true;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // The server's own messages are already complete sentences.
      onMessage({
        kind: "error",
        text: /^(Invalid file type|File too large|Failed to upload image)/.test(text) ? text : `Failed to upload image: ${text}`,
      });
      return false;
    } finally {
      setUploading(false);
    }
  }

  return { upload, uploading };
}

type Field = { id: string; name: string; errorId: string; errors?: string[] };

type Props = {
  /** The featured image field (Conform's): its id, name and first error. */
  field: Field;
  value: string;
  onChange: (path: string) => void;
  /** The image's alt text field: the upload's text in the media library (decision 030). */
  altField: Field;
  alt: string;
  onAltChange: (alt: string) => void;
  media: MediaChoice[];
  disabled: boolean;
  uploader: ReturnType<typeof useImageUpload>;
};

/**
 * The featured image: an address, an upload or the library, its alt text, and a preview.
 * The alt text is the image's in the media library: the editor shows it, saves a changed
 * one there, and asks for it before an upload and whenever the image is an upload.
 */
export function FeaturedImageFields(props: Props) {
  const { field, value, onChange, altField, alt, onAltChange, media, disabled, uploader } = props;
  const ids = { file: useId(), altHint: useId() };
  // The upload's own check, before anything is sent (the form's errors come from Conform).
  const [uploadError, setUploadError] = useState<string | null>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const altError = uploadError ?? altField.errors?.[0];
  const isUpload = storageKeyOf(value) !== null;

  async function upload(file: File) {
    const checked = uploadAltSchema.safeParse(alt);
    if (!checked.success) {
      setUploadError(checked.error.issues[0]?.message ?? ALT_TEXT_REQUIRED);
      altInput.current?.focus();
      return;
    }
    setUploadError(null);
    // The text stays in the field: it is now the new image's.
    await uploader.upload(file, checked.data);
  }

  /** Another image from the library comes with its own alt text (none: staff write one). */
  function pick(path: string) {
    onChange(path);
    onAltChange(media.find((item) => item.path === path)?.alt ?? "");
  }

  return (
    <>
      <label htmlFor={field.id}>Fremhevet bilde (Featured image URL)</label>
      <input
        id={field.id}
        name={field.name}
        value={value}
        placeholder="https://… eller last opp"
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {field.errors?.length ? (
        <p id={field.errorId} className="field-error" role="alert">
          {field.errors[0]}
        </p>
      ) : null}
      <label htmlFor={altField.id}>Alternativ tekst (beskriv bildet) *</label>
      <input
        id={altField.id}
        name={altField.name}
        ref={altInput}
        aria-required={isUpload ? true : undefined}
        aria-invalid={altError ? true : undefined}
        aria-describedby={altError ? altField.errorId : ids.altHint}
        maxLength={ALT_TEXT_MAX_LENGTH}
        value={alt}
        onChange={(e) => {
          onAltChange(e.target.value);
          if (uploadError) setUploadError(null);
        }}
      />
      {altError ? (
        <p id={altField.errorId} className="field-error" role="alert">
          {altError}
        </p>
      ) : (
        <p id={ids.altHint} className="field-hint">
          {isUpload
            ? "Bildets alt-tekst i mediebiblioteket: en endring gjelder overalt der bildet brukes."
            : "Kreves for å laste opp et bilde. Vises for skjermlesere og når bildet ikke lastes."}
        </p>
      )}
      <label htmlFor={ids.file} className="file-label">
        {uploader.uploading ? "Laster opp bilde..." : "Last opp bilde (JPEG, PNG, GIF, WebP, maks 5 MB)"}
      </label>
      <input
        id={ids.file}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        disabled={disabled || uploader.uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = "";
        }}
      />
      <MediaPicker name="library-image" choices={media} value={value} onChange={pick} />
      {value ? <img src={value} alt={alt || "Forhåndsvisning av bildet"} className="editor-preview" /> : null}
    </>
  );
}
