/* napspec rulebook: a link to a scenario opens it. Scenarios are folded (<details>); the one a
   link points at (#scenario-...) is unfolded when the page opens and whenever the address's
   fragment changes, so that the reader lands on its steps. */
(function () {
  "use strict";
  function unfoldTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS" && !target.open) {
      target.open = true;
      target.scrollIntoView();
    }
  }
  document.addEventListener("DOMContentLoaded", unfoldTarget);
  window.addEventListener("hashchange", unfoldTarget);
})();
