// Replays: the arrow keys (and Home/End) step through a replay like the buttons do, and the
// move list keeps the current move in sight.
(function () {
  "use strict";

  var KEYS = {ArrowLeft: "replay-back", ArrowRight: "replay-forward", Home: "replay-first",
              End: "replay-last"};

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
      return;
    }
    var id = KEYS[event.key];
    var control = id && document.getElementById(id);
    if (control && control.tagName === "A") {
      event.preventDefault();
      control.click();
    }
  });

  function showCurrentMove() {
    var list = document.querySelector(".replay-moves");
    var move = list && list.querySelector(".replay-move.current");
    if (move) {
      list.scrollTop = move.offsetTop - list.clientHeight / 2;
    }
  }

  document.addEventListener("DOMContentLoaded", showCurrentMove);
  document.addEventListener("htmx:afterSettle", showCurrentMove);
})();
