const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/**
 * The looping videos of each [data-video-group] (video-loop.tsx): their sources are
 * added when they come within 300px of the viewport (once the page has loaded, so they
 * never compete with its text, fonts and images; the hero's as soon as it has), they play while
 * near it and pause when scrolled away (a phone decodes one or two, not nine), unless
 * the visitor prefers reduced motion (then the poster stays until they press play) or
 * pressed the group's pause button, which this shows (WCAG 2.2.2).
 */
export function enhanceVideos(root: ParentNode) {
  for (const group of root.querySelectorAll<HTMLElement>("[data-video-group]")) {
    const videos = [...group.querySelectorAll<HTMLVideoElement>("video[data-video]")];
    const toggle = group.querySelector<HTMLButtonElement>("[data-video-toggle]");
    const near = new Set<HTMLVideoElement>();
    let chosen: boolean | undefined; // the visitor's own pause or play, over the preference
    const paused = () => chosen ?? reducedMotion.matches;

    const update = () => {
      for (const video of near) {
        video.muted = true; // autoplay needs it, and React writes no `muted` attribute
        if (paused()) video.pause();
        else video.play().catch(() => {}); // refused (e.g. data saver): the poster stays
      }
      if (!toggle) return;
      const [play, pause] = toggle.dataset.videoToggle!.split("|");
      toggle.textContent = paused() ? play! : pause!;
      if (toggle.hasAttribute("aria-pressed")) toggle.setAttribute("aria-pressed", String(!paused()));
    };
    const arrive = (video: HTMLVideoElement) => {
      if (!video.querySelector("source")) {
        // "url type url type": WebM first when there is one, then MP4.
        const list = video.dataset.video!.split(" ");
        for (let i = 0; i + 1 < list.length; i += 2) {
          const source = document.createElement("source");
          source.src = list[i]!;
          source.type = list[i + 1]!;
          video.append(source);
        }
      }
      near.add(video);
      update();
    };

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const video = entry.target as HTMLVideoElement;
          if (entry.isIntersecting) arrive(video);
          else if (near.delete(video)) video.pause();
        }
      },
      { rootMargin: "300px 0px" },
    );
    const observeAll = () => {
      for (const video of videos) if (!video.hasAttribute("data-eager")) observer.observe(video);
    };
    // Even the hero's video waits for the page's load: its half a megabyte would otherwise
    // share a phone's connection with the poster and text it is meant to follow.
    const start = () => {
      for (const video of videos) if (video.hasAttribute("data-eager")) arrive(video);
      observeAll();
    };
    if (document.readyState === "complete") start();
    else addEventListener("load", start, { once: true });
    toggle?.addEventListener("click", () => {
      chosen = !paused();
      update();
    });
    reducedMotion.addEventListener("change", update);
    update();
    if (toggle) toggle.hidden = false;
  }
}
