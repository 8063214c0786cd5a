/**
 * The application form with JavaScript (decision 057): the CV is checked when chosen
 * (size, and the "%PDF-" its content starts with) and a wrong one is refused by the
 * browser's own validation, so the form cannot be sent with it; the form then goes by
 * XHR so the upload's progress shows. The server's answer is the same page it sends
 * without JavaScript: its form section replaces this one, and if the answer is not such
 * a page, the form is sent the plain way instead. The server checks everything again.
 * The limit and the messages are the form's data attributes, short-named (data-max, the
 * bytes; data-big and data-type, the messages) from application-rules.ts: every byte
 * here counts. A file of its own, which the enhancement module loads on a job's page only.
 */
export function enhanceApplication(form: HTMLFormElement | null) {
  if (!form) return;
  const data = form.dataset;
  data.enhanced = ""; // taken over (a file of its own, loaded after the page: tests wait for this)
  const input: HTMLInputElement = form.cv;
  const progress = form.querySelector("progress")!;
  input.onchange = async () => {
    const file = input.files![0];
    input.setCustomValidity(
      !file
        ? ""
        : file.size > +data.max!
          ? data.big!
          : (await file.slice(0, 1024).text()).includes("%PDF-")
            ? ""
            : data.type!,
    );
    input.reportValidity();
  };
  form.onsubmit = (event) => {
    event.preventDefault();
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.upload.onprogress = (e) => (progress.value = e.loaded / e.total);
    xhr.onload = () => {
      const next = new DOMParser().parseFromString(xhr.response, "text/html").getElementById("apply");
      if (!next) return form.submit();
      form.parentElement!.replaceWith(next);
      enhanceApplication(next.querySelector("form"));
      // A keyboard or screen-reader user goes on from the section's heading (the alert
      // under it, if any, is read out as it appears).
      next.querySelector("h2")!.focus();
    };
    xhr.onerror = () => form.submit();
    progress.hidden = false;
    xhr.send(new FormData(form));
    form.inert = true; // sent once: nothing to press while it uploads
  };
}
