// A slider with a name a screen reader can read: a labelled <input type="range"> and its value beside it.
// The value is sent to the kernel when the student lets go (or at once for each arrow key), as ipywidgets'
// sliders do with continuous_update=False.
// Once the kernel behind the panel has stopped (ipywidgets marks the panel's box "jupyter-widgets-disconnected"),
// the slider no longer moves: its value stays that of the picture drawn.
let made = 0;

const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey;
const stopped = (el) => el.closest(".jupyter-widgets-disconnected") !== null;

function render({ model, el }) {
  const id = `gamelib-slider-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  const label = document.createElement("label");
  const input = document.createElement("input");
  const shown = document.createElement("output");
  label.htmlFor = id;
  label.className = "gamelib-slider-label";
  input.type = "range";
  input.id = id;
  input.step = "1";
  // Keys pressed on the slider are the slider's: without this, a letter typed there ran JupyterLab's notebook
  // shortcut of that letter on the panel's own cell ("m" turned it into Markdown, "d d" deleted it). Keys with
  // Ctrl, Alt or Meta still reach JupyterLab (Ctrl+S saves the notebook).
  el.addEventListener("keydown", (event) => { if (plain(event)) event.stopPropagation(); });
  shown.htmlFor = id;
  el.classList.add("gamelib-slider");
  el.append(label, input, shown);

  function sync() {  // only what changed, so a screen reader is not told the label again at every step
    const set = (node, key, value) => { if (String(node[key]) !== String(value)) node[key] = value; };
    set(label, "textContent", model.get("description"));
    set(input, "min", model.get("min"));
    set(input, "max", model.get("max"));
    set(input, "value", model.get("value"));
    set(shown, "textContent", model.get("value"));
  }

  function send(value) {
    if (value === model.get("value") || stopped(el)) return;
    model.set("value", value);
    model.save_changes();
  }

  input.addEventListener("input", () => {
    if (stopped(el)) sync();  // a stopped panel's slider goes back to the value of its picture
    else shown.textContent = input.value;
  });
  // A step may follow: the kernel draws the next values' pictures ahead while it waits.
  input.addEventListener("focus", () => {
    if (stopped(el)) input.setAttribute("aria-disabled", "true");  // a screen reader says it is unavailable
    else model.send({ focus: true });
  });
  input.addEventListener("change", () => { if (stopped(el)) sync(); else send(Number(input.value)); });
  input.addEventListener("pointerdown", (event) => { if (stopped(el)) event.preventDefault(); });
  // Keys are handled here: JupyterLab's notebook would otherwise take the arrow keys for itself.
  input.addEventListener("keydown", (event) => {
    const low = model.get("min"), high = model.get("max"), now = Number(input.value);
    const steps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
    let next = null;
    if (event.key in steps) next = Math.min(high, Math.max(low, now + steps[event.key]));
    else if (event.key === "Home") next = low;
    else if (event.key === "End") next = high;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    if (stopped(el)) return;
    input.value = next;
    shown.textContent = next;
    send(next);
  });
  model.on("change:value", sync);
  model.on("change:min", sync);
  model.on("change:max", sync);
  model.on("change:description", sync);
  sync();
}

export default { render };
