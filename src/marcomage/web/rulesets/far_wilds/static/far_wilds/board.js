// The Far Wilds board: pick a card, its legal targets light up on the map, a click casts.
// A card with two targets (Wind Step) takes the creature first, then where it goes.
// Pick one of your figures on the map: where it may move (yellow) and what it may attack
// (red) light up; a click there gives the order, an attack once confirmed.
(function () {
  "use strict";
  if (window.farWildsBoard) { return; }
  window.farWildsBoard = true;
  var picked = null, first = null, pending = null;
  function board() { return document.getElementById("game-board"); }
  function clear() {
    var b = board();
    if (!b) { return; }
    b.querySelectorAll(".fw-space.target").forEach(unlight);
    b.querySelectorAll(".fw-card.picked").forEach(function (c) { c.classList.remove("picked"); });
    b.querySelectorAll(".figure.selected").forEach(function (c) { c.classList.remove("selected"); });
    var note = b.querySelector(".fw-picking");
    if (note) { note.hidden = true; }
    var fnote = b.querySelector(".fw-picking-figure");
    if (fnote) { fnote.hidden = true; }
    var ask = b.querySelector(".fw-confirm");
    if (ask) { ask.hidden = true; }
    pending = null;
  }
  // An attack cannot be taken back (issue 32): a click on a red space asks first, in a
  // panel under the map, and only "Attack" there sends the order.
  function confirmFirst(order) {
    var ask = board().querySelector(".fw-confirm");
    if (!ask) { submit(order.a); return; }
    pending = order.a;
    ask.querySelector(".fw-warning").textContent = order.c;
    ask.hidden = false;
    ask.querySelector(".fw-confirm-yes").focus();
  }
  // A lit space is a button for the keyboard too (issue 31): Tab reaches it, Enter or Space
  // chooses it (game.js), and the first one takes the focus.
  function unlight(g) {
    g.classList.remove("target", "attack-target");
    g.removeAttribute("tabindex"); g.removeAttribute("role"); g.removeAttribute("aria-label");
  }
  function light(spaces, attacks, note) {
    var b = board(), lit = [];
    spaces.forEach(function (s) {
      var g = b.querySelector('.fw-space[data-space="' + s + '"]');
      if (g) {
        g.classList.add("target"); g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
        if (attacks && attacks[s]) { g.classList.add("attack-target"); }
        var title = g.querySelector("title");
        g.setAttribute("aria-label", (attacks && attacks[s] ? "Attack: " : "Target: ")
                       + (title ? title.textContent : "space " + s));
        lit.push(g);
      }
    });
    var shown = b.querySelector(note || ".fw-picking");
    if (shown) { shown.hidden = false; }
    if (lit.length) { lit[0].focus(); }
  }
  function order(figure) {
    clear();
    picked = JSON.parse(figure.getAttribute("data-orders") || "[]");
    first = null;
    figure.classList.add("selected");
    var spaces = {}, attacks = {};
    picked.forEach(function (t) { spaces[t.t] = true; if (t.kind === "attack") { attacks[t.t] = true; } });
    light(Object.keys(spaces), attacks, ".fw-picking-figure");
  }
  function pick(card) {
    clear();
    picked = JSON.parse(card.getAttribute("data-targets") || "[]");
    first = null;
    card.classList.add("picked");
    var spaces = {};
    picked.forEach(function (t) { spaces[t.t] = true; });
    light(Object.keys(spaces));
  }
  function submit(action) {
    var form = document.getElementById("fw-target-form");
    form.querySelector('input[name="action"]').value = action;
    picked = null; first = null;
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }
  document.addEventListener("click", function (event) {
    var yes = event.target.closest && event.target.closest(".fw-confirm-yes");
    if (yes && pending) { var chosen = pending; clear(); submit(chosen); return; }
    var button = event.target.closest && event.target.closest(".fw-pick");
    if (button) { pick(button.closest(".fw-card")); return; }
    if (event.target.closest && event.target.closest(".fw-unpick")) { picked = null; clear(); return; }
    var space = event.target.closest && event.target.closest(".fw-space.target");
    var mine = event.target.closest && event.target.closest(".figure.can-act");
    if (mine && !space) { order(mine); return; }
    if (!space || !picked) { return; }
    var n = parseInt(space.getAttribute("data-space"), 10);
    var matches = picked.filter(function (t) { return first === null ? t.t === n : t.t === first && t.to === n; });
    if (!matches.length) { return; }
    if (first === null && matches[0].to !== null && matches[0].to !== undefined) {
      first = n;
      board().querySelectorAll(".fw-space.target").forEach(unlight);
      light(matches.map(function (t) { return t.to; }));
      return;
    }
    if (matches[0].kind === "attack" && matches[0].c) { confirmFirst(matches[0]); return; }
    submit(matches[0].a);
  });
  document.addEventListener("keydown", function (event) {
    var mine = event.target.closest && event.target.closest(".figure.can-act");
    if (mine && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); order(mine); }
  });
  document.addEventListener("htmx:afterSwap", function () { picked = null; first = null; });
})();
