// MArcomage game screen: keyboard shortcuts, ordering of live updates, auto refresh.
(function () {
  "use strict";

  // Keyboard shortcuts of the manual: Alt+W refresh, Alt+A focus the chat, Alt+S send it.
  document.addEventListener("keydown", function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var key = (event.key || "").toLowerCase();
    var target = null;
    if (event.code === "KeyW" || key === "w") {
      target = document.getElementById("refresh-button");
      if (target) { event.preventDefault(); target.click(); }
    } else if (event.code === "KeyA" || key === "a") {
      target = document.getElementById("chat-text");
      if (target) { event.preventDefault(); target.focus(); }
    } else if (event.code === "KeyS" || key === "s") {
      target = document.getElementById("chat-form");
      if (target) {
        event.preventDefault();
        target.requestSubmit ? target.requestSubmit() : target.submit();
      }
    }
  });

  // Keyboard play (issue 31): an element a board made a button without being a <button>
  // (a lit space of a map) is chosen with Enter or Space, as a button is.
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if ((event.key !== "Enter" && event.key !== " ") || event.altKey || event.ctrlKey ||
        event.metaKey || !target.matches || !target.matches('[role="button"][tabindex]') ||
        target.tagName === "BUTTON" || target.tagName === "A") {
      return;
    }
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  });

  // A board replaced under the keyboard's focus (one's own move answered, the opponent's move
  // arriving live) would drop the focus to the page's start, and a keyboard player would Tab
  // through the menubar again (issue 31). The focus goes to the same control on the new
  // board (the same kind at the same place), else to the board itself. Only for a player
  // using the keyboard: after a click the page behaves as it always did.
  var keyboardUser = false;
  document.addEventListener("keydown", function () { keyboardUser = true; }, true);
  document.addEventListener("pointerdown", function () { keyboardUser = false; }, true);
  var CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]';
  var lostFocus = null;
  function kindOf(element) {
    var cls = element.getAttribute("class") || "";
    return element.tagName + "|" + cls.replace(/\b(chosen|picked|target)\b/g, "").trim();
  }
  function noteFocus() {
    var board = document.getElementById("game-board");
    var active = document.activeElement;
    lostFocus = null;
    if (!keyboardUser) { return; }
    if (!board || !active || active === board || !board.contains(active)) {
      if (active === board) { lostFocus = {index: -1, kind: ""}; }
      return;
    }
    var all = Array.prototype.slice.call(board.querySelectorAll(CONTROLS));
    lostFocus = {index: all.indexOf(active), kind: kindOf(active)};
  }
  function restoreFocus() {
    var board = document.getElementById("game-board");
    var where = lostFocus;
    if (!where || !board) { return; }
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) {
      lostFocus = null;  // the focus is somewhere that still exists: leave it there
      return;
    }
    lostFocus = null;
    var all = Array.prototype.slice.call(board.querySelectorAll(CONTROLS));
    var same = all.filter(function (e) { return kindOf(e) === where.kind; });
    var found = all[where.index] && kindOf(all[where.index]) === where.kind
      ? all[where.index] : same[0];
    if (!found) {
      if (!board.hasAttribute("tabindex")) { board.setAttribute("tabindex", "-1"); }
      found = board;
    }
    found.focus({preventScroll: true});
  }
  document.addEventListener("htmx:beforeSwap", noteFocus);
  document.addEventListener("htmx:oobBeforeSwap", noteFocus);
  document.addEventListener("htmx:afterSwap", restoreFocus);
  document.addEventListener("htmx:oobAfterSwap", restoreFocus);

  // A new board shows its own classes from its first frame: htmx would otherwise keep the
  // old board's classes (its "your-turn") on the new one for the settle delay.
  if (window.htmx) {
    window.htmx.config.attributesToSettle = ["style", "width", "height"];
  }

  function version(element) {
    var value = element && element.getAttribute && element.getAttribute("data-version");
    return value === null || value === undefined ? -1 : parseInt(value, 10);
  }

  // Every board carries its game version: never replace a newer board by an older one that
  // arrived late (a live update racing the answer to one's own move). The first board a
  // socket sends once open (the whole view, for a page that reconnects) is not swapped in
  // when it shows the version already on screen: replacing the board the player is about to
  // click would lose the click.
  var freshSocket = false;
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var incoming = event.detail.fragment && event.detail.fragment.querySelector
      ? event.detail.fragment.querySelector("#game-board") || event.detail.fragment
      : null;
    var current = document.getElementById("game-board");
    if (!incoming || incoming.id !== "game-board" || !current) {
      return;
    }
    var first = freshSocket;
    freshSocket = false;
    // Count the live boards received (the first comes as the socket opens): tests wait for it.
    window.marcomageSwaps = (window.marcomageSwaps || 0) + 1;
    if (version(incoming) >= 0 && (version(incoming) < version(current) ||
        (first && version(incoming) === version(current)))) {
      event.detail.shouldSwap = false;
    }
  });

  // The same rule for the answer to one's own move: a board older than the one a live update
  // already showed is dropped.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var current = document.getElementById("game-board");
    if (!current || !event.detail.target || event.detail.target.id !== "game-board" ||
        typeof event.detail.serverResponse !== "string") {
      return;
    }
    var match = /id="game-board"[^>]*data-version="(\d+)"/.exec(event.detail.serverResponse);
    if (match && parseInt(match[1], 10) < version(current)) {
      event.detail.shouldSwap = false;
    }
  });

  // A button htmx disabled for a request belongs to the board that sent it; once a newer board
  // is shown, nothing on it may stay disabled by a request of the old one.
  function releaseButtons() {
    var board = document.getElementById("game-board");
    if (!board) { return; }
    board.querySelectorAll("[data-disabled-by-htmx]").forEach(function (button) {
      var form = button.closest("form");
      if (!form || !form.classList.contains("htmx-request")) {
        button.removeAttribute("disabled");
        button.removeAttribute("data-disabled-by-htmx");
      }
    });
  }
  document.addEventListener("htmx:oobAfterSwap", releaseButtons);
  document.addEventListener("htmx:afterSettle", releaseButtons);

  // Remember when each version was first shown (the latency measurement reads this).
  window.marcomageSeen = window.marcomageSeen || {};
  function seen() {
    var board = document.getElementById("game-board");
    var v = version(board);
    if (v >= 0 && !(v in window.marcomageSeen)) {
      window.marcomageSeen[v] = Date.now();
    }
  }
  document.addEventListener("htmx:oobAfterSwap", seen);
  document.addEventListener("htmx:afterSwap", seen);
  document.addEventListener("DOMContentLoaded", seen);

  // A live move may come as a patch of the board's parts that changed (issue 36): the
  // board's named parts that changed, each by its `data-part` (games/parts.py), or, for a
  // board without named parts, new start tags, changed elements and new ends of elements
  // (after their first children), each by its path of child positions from the board
  // (games/patches.py). It is applied only to the board it was made from (its
  // version, its children's tags, each addressed element's tag); a board that shows that
  // version or a newer one keeps it (one's own move's answer came first); any other board
  // asks the socket for the whole view again.
  function patchTarget(board, path) {
    var element = board;
    if (path === "") { return element; }
    path.split(".").forEach(function (step) {
      element = element && element.children[parseInt(step, 10)];
    });
    return element || null;
  }
  function partTarget(board, name) {
    var found = null;
    Array.prototype.some.call(board.querySelectorAll("[data-part]"), function (part) {
      if (part.getAttribute("data-part") === name) { found = part; }
      return found !== null;
    });
    return found;
  }
  var boardRequests = 0;
  var awaited = null;
  function catchUp() {
    var board = document.getElementById("game-board");
    var wanted = awaited;
    awaited = null;
    if (wanted && board && version(board) < wanted.to) {
      window.marcomageResyncs = (window.marcomageResyncs || 0) + 1;
      wanted.socket.send(JSON.stringify({type: "resync"}));
    }
  }
  function boardRequest(event) {
    var target = event.detail && event.detail.target;
    return target && target.id === "game-board";
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (boardRequest(event)) { boardRequests += 1; }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!boardRequest(event)) { return; }
    boardRequests = Math.max(0, boardRequests - 1);
    // The answer is swapped in after this event: look once it has settled.
    if (boardRequests === 0 && awaited) { window.setTimeout(catchUp, 0); }
  });
  function applyPatch(patch, socket) {
    var board = document.getElementById("game-board");
    window.marcomageSwaps = (window.marcomageSwaps || 0) + 1;
    if (!board || !patch) { return; }
    var to = parseInt(patch.getAttribute("data-to"), 10);
    if (version(board) >= to) { return; }
    if (patch.hasAttribute("data-answered")) {
      // This seat's own move: its answer carries the board. Wait for the page's board
      // requests; a page still behind then (another tab, a lost answer) asks for it.
      awaited = {to: to, socket: socket};
      if (boardRequests === 0) { catchUp(); }
      return;
    }
    // A patch of named parts (games/parts.py) lists the board's parts in order; a patch
    // of the generic kind lists the tags of the board's children.
    var named = patch.hasAttribute("data-parts");
    var tags = named
      ? Array.prototype.map.call(board.querySelectorAll("[data-part]"), function (part) {
        return part.getAttribute("data-part");
      }).join(",")
      : Array.prototype.map.call(board.children, function (child) {
        return child.tagName.toLowerCase();
      }).join(",");
    var entries = Array.prototype.slice.call(patch.content.children).map(function (entry) {
      var kind = entry.hasAttribute("data-head") ? "head"
        : entry.hasAttribute("data-part") ? "part"
          : entry.hasAttribute("data-cut") ? "cut" : "at";
      var where = entry.getAttribute("data-" + kind);
      var byName = named && (kind !== "head" || where !== "") &&
        (kind !== "cut" || where !== "");
      return {kind: kind, entry: entry,
              target: byName ? partTarget(board, where) : patchTarget(board, where)};
    });
    // A board showing its own request's notice (a refused move) is not the rendering a
    // patch of named parts was made from: it is drawn whole again, notice gone, as before.
    var fits = version(board) === parseInt(patch.getAttribute("data-from"), 10) &&
      !(named && board.querySelector(":scope > .game-notice")) &&
      tags === patch.getAttribute(named ? "data-parts" : "data-tags") &&
      entries.every(function (one) {
        return one.target && one.target.tagName.toLowerCase() ===
          one.entry.getAttribute("data-tag") && (!one.entry.hasAttribute("data-after") ||
          partTarget(board, one.entry.getAttribute("data-after")) !== null);
      });
    if (!fits) {
      window.marcomageResyncs = (window.marcomageResyncs || 0) + 1;  // tests read these
      socket.send(JSON.stringify({type: "resync"}));
      return;
    }
    window.marcomagePatches = (window.marcomagePatches || 0) + 1;
    noteFocus();
    entries.forEach(function (one) {
      var fresh = document.importNode(one.entry.content, true);
      var element = fresh.firstElementChild;
      if (one.kind === "cut") {  // keep the first children, then the new rest
        // (named: after the part of that name, found now, as an entry may have replaced it)
        var last = one.entry.hasAttribute("data-after")
          ? partTarget(board, one.entry.getAttribute("data-after"))
          : one.target.children[parseInt(one.entry.getAttribute("data-keep"), 10) - 1];
        while (last && last.nextSibling) { last.nextSibling.remove(); }
        var added = Array.prototype.slice.call(fresh.children);
        one.target.appendChild(fresh);
        added.forEach(function (node) { if (window.htmx) { window.htmx.process(node); } });
        return;
      }
      if (!element) { return; }
      if (one.kind === "head") {
        Array.prototype.slice.call(one.target.attributes).forEach(function (attribute) {
          if (!element.hasAttribute(attribute.name)) {
            one.target.removeAttribute(attribute.name);
          }
        });
        Array.prototype.forEach.call(element.attributes, function (attribute) {
          if (attribute.name !== "hx-swap-oob") {
            one.target.setAttribute(attribute.name, attribute.value);
          }
        });
      } else {
        one.target.replaceWith(fresh);
        if (window.htmx) { window.htmx.process(element); }
      }
    });
    restoreFocus();
    releaseButtons();
    seen();
    // A patched board is a new board too: say so, as htmx says a swap.
    document.dispatchEvent(new CustomEvent("marcomage:boardPatched"));
  }
  // A move goes over the game's socket while it is open (issue 36): the board's form is
  // sent as the socket's act frame, {"type": "act", "version": v, "form": {...}}, which the
  // server reads exactly as it reads the form posted (the socket's log-in, the seat, the
  // turn, the version and the action checked alike), and the new board comes back on the
  // socket. No socket (or no script at all): the form is posted, as always. A refusal, or
  // no new board within MOVE_WAIT ms, posts the same form: the answer is the board with
  // the refusal's notice, as a posted move's refusal always was (the version makes a move
  // that was played already refused, never played twice).
  var gameSocket = null;
  var pendingMove = null;
  var MOVE_WAIT = 8000;
  var ACT_FRAME = 2048;  // the longest act frame the socket reads (games/consumers.py)
  window.marcomageSocketMoves = 0;
  function liveSocket() {
    var live = document.querySelector(".game-live");
    return gameSocket && live && live.getAttribute("data-live") === "open" ? gameSocket : null;
  }
  function postMove(move) {
    window.marcomagePostedMoves = (window.marcomagePostedMoves || 0) + 1;
    move.posting = true;
    var request = window.htmx.ajax("POST", move.path,
      {target: "#game-board", swap: "outerHTML", values: move.fields});
    var done = function () { if (pendingMove === move) { pendingMove = null; } };
    if (request && request.then) { request.then(done, done); } else { done(); }
  }
  function settleMove(refused) {
    var move = pendingMove;
    if (!move || move.posting) { return; }
    window.clearTimeout(move.timer);
    if (!refused && version(document.getElementById("game-board")) > move.version) {
      pendingMove = null;  // the new board is on screen
      return;
    }
    if (refused || version(document.getElementById("game-board")) <= move.version) {
      postMove(move);
    }
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form || !form.classList || !form.classList.contains("act-form") ||
        event.detail.verb !== "post") {
      return;
    }
    if (pendingMove) {  // one move at a time: a second click waits for the first's board
      event.preventDefault();
      return;
    }
    // A page may turn it off (window.marcomageMovesOverSocket = false): its moves are then
    // posted, as without a socket.
    var socket = window.marcomageMovesOverSocket !== false ? liveSocket() : null;
    if (!socket) { return; }
    var fields = {};
    var data = event.detail.formData;
    data.forEach(function (value, name) {
      if (typeof value === "string") { fields[name] = value; }
    });
    var seen = parseInt(fields.version, 10);
    if (isNaN(seen)) { return; }
    var frameFields = {};
    Object.keys(fields).forEach(function (name) {
      if (name !== "csrfmiddlewaretoken") { frameFields[name] = fields[name]; }
    });
    var frame = JSON.stringify({type: "act", version: seen, form: frameFields});
    if (frame.length > ACT_FRAME) { return; }  // longer than a socket takes: posted
    event.preventDefault();
    pendingMove = {version: seen, path: event.detail.path, fields: fields, posting: false};
    pendingMove.timer = window.setTimeout(function () { settleMove(false); }, MOVE_WAIT);
    window.marcomageSocketMoves += 1;
    socket.sendImmediately(frame);
  });
  function boardShown() {
    var move = pendingMove;
    if (move && !move.posting &&
        version(document.getElementById("game-board")) > move.version) {
      window.clearTimeout(move.timer);
      pendingMove = null;
    }
  }
  document.addEventListener("marcomage:boardPatched", boardShown);
  document.addEventListener("htmx:oobAfterSwap", boardShown);

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail.message;
    if (typeof message === "string" && message.charAt(0) === "{") {
      // A JSON frame: the refusal of this page's move ("form"), or another socket error.
      event.preventDefault();
      var doc = null;
      try { doc = JSON.parse(message); } catch (error) { doc = null; }
      if (doc && doc.error && doc.form) { settleMove(true); }
      return;
    }
    if (typeof message !== "string" || message.indexOf('<template id="board-patch"') !== 0) {
      return;
    }
    event.preventDefault();
    var holder = document.createElement("template");
    holder.innerHTML = message;
    applyPatch(holder.content.firstElementChild, event.detail.socketWrapper);
  });

  // Mark the game socket open or closed, and ask for the whole view after a reconnection.
  document.addEventListener("htmx:wsOpen", function (event) {
    if (event.target.classList && event.target.classList.contains("game-live")) {
      var stopped = document.querySelector(".live-stopped");
      if (stopped) { stopped.hidden = true; }
      freshSocket = true;
      gameSocket = event.detail.socketWrapper;
      event.target.setAttribute("data-live", "open");
    }
  });
  // htmx reconnects after these closes only; after any other (the server refused the page's
  // frames, or the log-in ended) the page would silently stop showing the other seats'
  // moves: it says so, with a link to reload.
  var RECONNECTED = [1006, 1011, 1012, 1013];
  document.addEventListener("htmx:wsClose", function (event) {
    if (event.target.classList && event.target.classList.contains("game-live")) {
      event.target.setAttribute("data-live", "closed");
      gameSocket = null;
      settleMove(false);  // a move sent on the socket that closed: post it
      var code = event.detail && event.detail.event ? event.detail.event.code : 1006;
      var stopped = document.querySelector(".live-stopped");
      if (stopped && RECONNECTED.indexOf(code) < 0 && !unloading) { stopped.hidden = false; }
    }
  });
  var unloading = false;
  window.addEventListener("pagehide", function () { unloading = true; });

  // Auto refresh applies to the games list only (manual: "Layout options").
  document.addEventListener("DOMContentLoaded", function () {
    var page = document.querySelector("[data-auto-refresh]");
    if (page) {
      var seconds = parseInt(page.getAttribute("data-auto-refresh"), 10);
      if (seconds > 0) {
        window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
      }
    }
  });

  // A "select a card" card's mode names a hand position: outline the card it points at.
  function markChosen(select) {
    var board = document.getElementById("game-board");
    if (!board) { return; }
    board.querySelectorAll(".slot.chosen").forEach(function (slot) {
      slot.classList.remove("chosen");
    });
    var where = select.getAttribute("data-selects");
    var hands = where === "both" ? [".hand-mine", ".hand-theirs"]
      : [where === "theirs" ? ".hand-theirs" : ".hand-mine"];
    hands.forEach(function (hand) {
      var slot = board.querySelector(hand + ' .slot[data-pos="' + select.value + '"]');
      if (slot) { slot.classList.add("chosen"); }
    });
  }
  ["change", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (event.target.matches && event.target.matches("select[data-selects]")) {
        markChosen(event.target);
      }
    });
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.matches && event.target.matches("select[data-selects]")) {
      document.querySelectorAll(".slot.chosen").forEach(function (slot) {
        slot.classList.remove("chosen");
      });
    }
  });
})();
