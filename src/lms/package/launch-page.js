// The package's launch page (index.html): the quiz's settings as JSON data (never as script or
// markup, so a title like "</script>" stays text), the bundle, and a place for the LMS status line.
//   launchPage({ title, lang, config }) -> HTML text
//     The page's heading is for screen readers only: the quiz shows the same title (config.title) as
//     its own heading, so a learner reads it once.
import { xmlText as x } from '../formats/xml.js';

// JSON in a <script type="application/json">: "<" becomes \u003c, so nothing can close the element.
const safeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function launchPage({ title, lang, config }) {
  return `<!doctype html>
<html lang="${x(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${x(title)}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="launch.css">
  <script type="application/json" id="quiz-config">${safeJson(config)}</script>
  <script type="module" src="quiz-lms.js"></script>
</head>
<body>
  <main id="main">
    <h1 class="visually-hidden">${x(title)}</h1>
    <p class="lms-status" role="status" aria-live="polite"></p>
  </main>
</body>
</html>
`;
}
