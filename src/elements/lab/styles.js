// <pe-lab>'s own CSS (after shared/styles.js): the experiment tabs, the run bar, charts side by side
// on a wide card and stacked on a phone, the matrices. No animation: the progress bar jumps, and a
// reader who asks for reduced motion also gets fewer chart redraws (pe-lab.js).
import { lineChartCss } from './line-chart.js';

export const labCss = `${lineChartCss}
  section { margin-top: 1.1rem; }
  h5 { margin: .8rem 0 .3rem; font-size: .92rem; }
  .mono { font-family: var(--pe-mono); font-size: .9em; }
  .experiments { display: flex; flex-wrap: wrap; gap: .35rem; margin: .6rem 0; }
  .experiments [role=tab] { border-radius: 999px; }
  .experiments [role=tab][aria-selected=true] { background: var(--pe-accent); border-color: var(--pe-accent); color: var(--pe-on-accent); }
  .about { margin: .3rem 0 .5rem; }
  .settings { border: 1px solid var(--pe-border); border-radius: var(--pe-radius-small); padding: .3rem .7rem .1rem; margin: .5rem 0 .6rem; }
  .settings[data-locked] .controls { opacity: .75; }
  fieldset.schemes { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .2rem .9rem; min-width: 0; }
  fieldset.schemes legend { font-size: .85em; font-weight: 600; color: var(--pe-muted); padding: 0; margin-bottom: .2rem; }
  fieldset.schemes label { display: inline-flex; gap: .3rem; align-items: center; min-height: 2.2rem; }
  input[type=text] { padding: .3rem .45rem; border: 1px solid var(--pe-border); border-radius: var(--pe-radius-small); background: var(--pe-bg); min-height: 2.2rem; width: 10em; max-width: 100%; }
  .run-bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .6rem 0; }
  .run-bar progress { flex: 1 1 10rem; height: .9rem; accent-color: var(--pe-accent); }
  .status { font-variant-numeric: tabular-nums; margin: .2rem 0; min-height: 1.55em; }
  .charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .9rem; }
  @container (max-width: 44rem) { .charts { grid-template-columns: minmax(0, 1fr); } }
  figure.chart { border: 1px solid var(--pe-border); border-radius: 10px; padding: .5rem .6rem; min-width: 0; }
  figure.chart figcaption { margin-bottom: .2rem; font-size: .92em; }
  ul.legend { list-style: none; padding: 0; margin: .35rem 0 .2rem; display: flex; flex-wrap: wrap; gap: .2rem 1rem; font-size: .85em; }
  ul.legend li.mask-key { color: var(--pe-muted); flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .2rem 1rem; }
  ul.legend svg { width: 2.2rem; height: .8rem; vertical-align: middle; margin-right: .3rem; display: inline-block; }
  table.runs th[scope=row] { white-space: normal; min-width: 8em; text-align: left; }
  @container (min-width: 44rem) { table.final th[scope=row] { min-width: 14em; } } /* one line a name on a wide card */
  table.final thead th { white-space: normal; } /* the long column names wrap, so the table fits 800 px */
  table.final td.accuracy { font-weight: 700; }
  table.final thead th:first-child { text-align: left; }
  table.final tr.loaded th, table.final tr.loaded td { background: var(--pe-highlight); }
  table.by-length td.beyond { background: var(--pe-highlight); }
  .toy { padding: .5rem .7rem; border-left: 4px solid var(--pe-note-border); background: var(--pe-note-bg); font-size: .9em; }
  .similarity, .attention { display: flex; flex-wrap: wrap; gap: .8rem; align-items: flex-start; }
  figure.matrix { width: min(15rem, 100%); min-width: 0; }
  figure.matrix figcaption { font-size: .85em; font-weight: 600; margin-bottom: .2rem; }
  figure.matrix canvas { display: block; width: 100%; height: auto; aspect-ratio: 1; image-rendering: pixelated; border: 1px solid var(--pe-border); }
  .attention-map .with-rows { display: grid; grid-template-columns: 1.1em minmax(0, 1fr); }
  .attention-map .tokens { display: grid; font-family: var(--pe-mono); font-size: .62em; color: var(--pe-muted); text-align: center; line-height: 1; margin-left: 1.1em; }
  .attention-map .tokens.rows { margin-left: 0; align-items: center; }
  .scale { display: flex; align-items: center; gap: .45em; font-size: .78em; margin: .3rem 0; }
  .scale .bar { width: 7rem; height: .8em; border-radius: 3px; border: 1px solid var(--pe-border); }
  .note { font-size: .9em; padding: .4rem .6rem; border-left: 4px solid var(--pe-note-border); background: var(--pe-note-bg); }
  .charts .guides-note { grid-column: 1 / -1; }
  .downloads .row { margin: .35rem 0; }
  label.file { display: inline-flex; flex-direction: column; gap: .2rem; font-size: .85em; font-weight: 600; }
  label.file input { font-weight: 400; max-width: 100%; }
`;
