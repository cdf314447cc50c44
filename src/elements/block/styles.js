// The CSS of <block-flow> beyond the shared sheet: the step tabs, the picture grids (one column at
// 390 px), the attention controls, the two formulas of the orders, the LayerNorm worksheet and the
// pair of mixing maps.
export const blockCss = `
  .steps { display: flex; flex-wrap: wrap; gap: .35rem; margin: .6rem 0; padding: 0; }
  .steps [role=tab] { display: flex; gap: .35em; align-items: center; }
  .steps [role=tab][aria-selected=true] { background: var(--pe-accent); border-color: var(--pe-accent); color: var(--pe-on-accent); }
  .steps [role=tab].mixes { border-style: dashed; }
  .nav { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .3rem 0 .6rem; }
  .panel { border-top: 1px solid var(--pe-border); padding-top: .6rem; }
  .grids2, .grids3, .grids4 { display: grid; gap: 1rem; align-items: start; margin: .6rem 0; }
  .grids2 { grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr)); }
  .grids3 { grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr)); }
  .grids4 { grid-template-columns: repeat(auto-fit, minmax(min(100%, 11rem), 1fr)); }
  .pic h4 { font-size: .88rem; }
  .pic .export { margin-top: .4rem; }
  .pic .export button { font-size: .85em; padding: .25rem .55rem; }
  .big { font-weight: 700; }
  .block-note { font-size: .92em; }
  .choice { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .3rem .6rem; align-items: center; min-width: 0; }
  .choice legend { font-size: .85em; font-weight: 600; color: var(--pe-muted); padding: 0; margin-bottom: .2rem; float: left; width: 100%; }
  .chip, .check { display: inline-flex; gap: .35em; align-items: center; cursor: pointer; min-height: 2.2rem; }
  .attention-controls { gap: .6rem 1.4rem; align-items: flex-end; }
  .orders { margin: .6rem 0; }
  .orders .row { justify-content: space-between; }
  .orders-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr)); gap: .6rem; }
  .order { border: 1px solid var(--pe-border); border-radius: var(--pe-radius-small); padding: .4rem .7rem; min-width: 0; }
  .order.now { border: 2px solid var(--pe-accent); background: var(--pe-predict-bg); }
  .badge { font-size: .78em; background: var(--pe-accent); color: var(--pe-on-accent); border-radius: 999px; padding: .05rem .5rem; white-space: nowrap; }
  .stats { margin-top: .6rem; }
  .stats-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: .8rem; align-items: start; }
  .stat-list { margin: 0; padding-left: 1.1rem; font-variant-numeric: tabular-nums; }
  .stat-list li { margin: .2rem 0; }
  .shared-rows { width: min(100%, 30rem); display: block; }
  .mixing { margin-top: 1rem; }
  .mix-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 13rem)); gap: 1rem 2rem; margin-top: .6rem; }
  .mix-pair .mix { width: min(100%, 13rem); }
  .script { margin-top: 1rem; }
`;
