// A move's button: a short label to see ("1") and its full words as its name ("take 1 from heap A"), which a
// screen reader reads and the mouse shows as a tooltip. The kernel decides what a press means; once that kernel
// has stopped (the panel's box is marked "jupyter-widgets-disconnected"), a press sends nothing.
const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey;
const stopped = (el) => el.closest(".jupyter-widgets-disconnected") !== null;

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  // ipywidgets' own button classes: the same look as the panel's other buttons.
  button.className = "jupyter-widgets jupyter-button widget-button gamelib-move";
  el.append(button);
  el.addEventListener("keydown", (event) => { if (plain(event)) event.stopPropagation(); });  // see slider.js
  function draw() {
    button.textContent = model.get("description");
    button.setAttribute("aria-label", model.get("name"));
    button.title = model.get("name");
    button.disabled = model.get("disabled");
  }
  button.addEventListener("click", () => { if (!button.disabled && !stopped(el)) model.send({ click: true }); });
  model.on("change:description", draw);
  model.on("change:name", draw);
  model.on("change:disabled", draw);
  draw();
}

export default { render };
