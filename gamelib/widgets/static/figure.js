// A figure (PNG bytes) shown as an <img> with a text alternative, at its own size (narrowed to fit the cell,
// never stretched past it), dimmed while busy.
function render({ model, el }) {
  const img = document.createElement("img");
  img.className = "gamelib-figure-img";
  el.classList.add("gamelib-figure");
  el.append(img);

  function draw() {
    const bytes = model.get("value");
    const old = img.src;
    if (bytes && bytes.byteLength) {
      img.src = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
      img.style.display = "";
    } else {
      img.removeAttribute("src");
      img.style.display = "none";
    }
    if (old) URL.revokeObjectURL(old);
    img.alt = model.get("alt");
  }

  // The busy sign: the figure dims while the kernel draws the next one.
  const busy = () => { el.classList.toggle("gamelib-busy", model.get("busy")); };
  model.on("change:value", draw);
  model.on("change:alt", () => { img.alt = model.get("alt"); });
  model.on("change:busy", busy);
  busy();
  draw();
  return () => { if (img.src) URL.revokeObjectURL(img.src); };
}

export default { render };
