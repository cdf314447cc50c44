// <pe-compare>'s own CSS (after shared/styles.js): three panels side by side that stack on a phone.
export const compareCss = `
  section { margin-top: 1.2rem; }
  h5 { margin: 0 0 .3rem; font-size: .95rem; }
  .ways, .sims { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .8rem; }
  @container (max-width: 40rem) { .ways, .sims { grid-template-columns: minmax(0, 1fr); } }
  .way { border: 1px solid var(--pe-border); border-radius: 10px; padding: .6rem; min-width: 0; }
  .facts { margin: 0 0 .5rem; padding-left: 1.1rem; font-size: .85em; }
  .facts .params { font-weight: 600; }
  .plot { position: relative; min-width: 0; }
  canvas.map { display: block; width: 100%; height: 11rem; image-rendering: pixelated; border: 1px solid var(--pe-border); cursor: crosshair; }
  .sim canvas.map { height: auto; aspect-ratio: 1; }
  .trained { position: absolute; left: 0; right: 0; border-top: 3px dashed var(--pe-ink); box-shadow: 0 -2px 0 var(--pe-surface); pointer-events: none; }
  .trained span { position: absolute; right: .2rem; top: .1rem; font-size: .72em; background: var(--pe-surface); color: var(--pe-fg); padding: 0 .25rem; border-radius: 4px; }
  .legend { display: flex; align-items: center; gap: .5rem; font-size: .8em; margin: .5rem 0; flex-wrap: wrap; }
  .legend .bar { width: min(10rem, 40%); height: .8rem; border-radius: 3px; border: 1px solid var(--pe-border); }
  .legend .stripes { width: 1.6rem; height: .8rem; border: 1px solid var(--pe-border); border-radius: 3px; background: repeating-linear-gradient(45deg, var(--pe-border) 0 3px, var(--pe-head) 3px 6px); }
  .readout { min-height: 1.6em; font-variant-numeric: tabular-nums; }
  .models { font-size: .9em; }
  table.beyond { width: 100%; }
  table.beyond td, table.beyond th { text-align: left; white-space: normal; }
  table.beyond th { width: 32%; }
  table.beyond tr.none td { background: var(--pe-highlight); font-weight: 600; }
  .doc-note { margin: .6rem 0; padding: .5rem .8rem; border-left: 4px solid var(--pe-accent); background: var(--pe-code-bg); }
  .pairing-table td { text-align: center; min-width: 2.8em; font-size: .85em; }
  .pairing-table td.differs { background: var(--pe-cos-bg); }
  .pairing-table tr.perm td { font-weight: 700; }
  label.file { display: inline-flex; flex-direction: column; gap: .2rem; font-size: .85em; font-weight: 600; }
  label.file input { font-weight: 400; max-width: 100%; }
  .table-status { font-weight: 600; margin-bottom: 1rem; }
`;
