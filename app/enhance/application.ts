import { APPLICATION_MESSAGES as M, CV_MAX_BYTES } from "../lib/applications/application-rules";

/**
 * The application form with JavaScript (decision 057): the CV is checked before it is
 * sent (size, and the "%PDF-" its content starts with), and the form goes by XHR so the
 * upload's progress shows. The server's answer is the same page it sends without
 * JavaScript; its form section replaces this one. The server checks everything again.
 */
export function enhanceApplication(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>("input[name=cv]")!;
  const error = form.querySelector<HTMLElement>("[data-error-for=cv]")!;
  const progress = form.querySelector("progress")!;
  const button = form.querySelector("button")!;
  const say = (message: string) => {
    error.textContent = message;
    input.setAttribute("aria-invalid", String(Boolean(message)));
  };
  const check = async () => {
    const file = input.files?.[0];
    if (!file) return "";
    if (file.size > CV_MAX_BYTES) return M.cvTooLarge;
    const head = new TextDecoder("latin1").decode(await file.slice(0, 1024).arrayBuffer());
    return head.includes("%PDF-") ? "" : M.cvNotPdf;
  };
  input.addEventListener("change", async () => say(await check()));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const message = await check();
    say(message);
    if (message) return input.focus();
    const xhr = new XMLHttpRequest();
    const done = (text: string) => {
      progress.hidden = true;
      button.disabled = false;
      say(text);
      input.focus();
    };
    xhr.open("POST", form.action);
    xhr.upload.onprogress = (e) => (progress.value = e.lengthComputable ? (100 * e.loaded) / e.total : 0);
    xhr.onload = () => {
      const next = new DOMParser().parseFromString(xhr.responseText, "text/html").getElementById("apply");
      if (!next) return done(xhr.status === 413 ? M.cvTooLarge : M.notSent);
      form.parentElement!.replaceWith(next);
      const newForm = next.querySelector("form");
      if (newForm) enhanceApplication(newForm);
      // Where a keyboard or screen-reader user continues: the first field in error, or the heading.
      (next.querySelector<HTMLElement>("[aria-invalid=true]") ?? next.querySelector("h2"))!.focus();
    };
    xhr.onerror = () => done(M.notSent);
    progress.hidden = false;
    button.disabled = true;
    xhr.send(new FormData(form));
  });
}
