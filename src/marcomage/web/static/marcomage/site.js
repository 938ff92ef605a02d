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

  // No inline handlers (the Content-Security-Policy forbids them, docs/security.md):
  // a form with data-confirm asks first; a select with data-autosubmit sends its form;
  // a select inside an element with data-select-trigger fires "select-change" there (the
  // card filters' htmx trigger); the chat form empties after a line was accepted.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.tagName !== "SELECT") {
      return;
    }
    if (target.hasAttribute("data-autosubmit") && target.form) {
      target.form.requestSubmit ? target.form.requestSubmit() : target.form.submit();
      return;
    }
    var host = target.closest("[data-select-trigger]");
    if (host && window.htmx) {
      window.htmx.trigger(host, "select-change");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (form.id === "chat-form" && event.detail.successful &&
        !event.detail.xhr.getResponseHeader("X-Chat-Error")) {
      form.reset();
    }
  });
})();
