// The pages' offline notices (web/offline.js).
export default {
  ready: 'This tutorial and the quiz now work without a connection too.',
  update: 'A new version is available. What you were reading and your quiz progress stay as they are.',
  reload: 'Open the new version',
  later: 'Later',
  stale: 'Part of this page could not be loaded; the site may have been updated since you opened it. Your settings and quiz progress are kept when you reload.',
  reloadStale: 'Reload',
};
