// MArcomage: the little hand-written JavaScript of the site.
(function () {
  "use strict";

  // Keyboard shortcuts (manual: "Keyboard shortcuts"). Alt+Q logs out; the game screen adds
  // Alt+S, Alt+A and Alt+W when it arrives.
  document.addEventListener("keydown", function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.code === "KeyQ" || event.key === "q" || event.key === "Q") {
      var form = document.getElementById("logout-form");
      if (form) {
        event.preventDefault();
        form.requestSubmit ? form.requestSubmit() : form.submit();
      }
    }
  });

  // Mark the live-notification socket so a person (and a test) can see it is connected; on
  // reconnection the server sends the whole icon area again, read from the database.
  document.addEventListener("htmx:wsOpen", function (event) {
    event.target.setAttribute("data-live", "open");
  });
  document.addEventListener("htmx:wsClose", function (event) {
    event.target.setAttribute("data-live", "closed");
  });
})();
