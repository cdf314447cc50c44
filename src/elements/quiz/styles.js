// The shadow-DOM styles of <pe-ffn-quiz> (after the shared element styles): toolbar, question cards,
// choices, feedback, the study sheet and the result. Colours for right/wrong are the Okabe-Ito blue and
// vermilion, so they stay apart for colour-blind readers; every state also has a mark or a text.
export const quizCss = `
    .toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0 .75rem; }
    .toolbar .group { display: inline-flex; border: 1px solid var(--pe-border); border-radius: 8px; overflow: hidden; }
    .toolbar .group button { border: 0; border-radius: 0; }
    .toolbar .group button + button { border-left: 1px solid var(--pe-border); }
    button[aria-pressed="true"] { background: var(--pe-accent); color: var(--pe-on-accent); }
    button:disabled { opacity: .55; cursor: not-allowed; }
    .status-line { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; font-size: .92em; margin: .3rem 0; }
    .status-line strong { font-variant-numeric: tabular-nums; }
    .meter { height: .5rem; background: var(--pe-head); border-radius: 99px; overflow: hidden; margin: .2rem 0 .6rem; }
    .meter > span { display: block; height: 100%; background: var(--pe-accent); }
    .nav { display: flex; flex-wrap: wrap; gap: .3rem; list-style: none; padding: 0; margin: .4rem 0 .8rem; }
    .nav button { min-width: 2.6rem; padding: .2rem .45rem; font-variant-numeric: tabular-nums; }
    .nav button[aria-current="step"] { font-weight: 700; box-shadow: inset 0 -4px 0 var(--pe-accent); }
    .nav .ok { background: var(--pe-ok-bg); border-color: var(--pe-ok); }
    .nav .bad { background: var(--pe-bad-bg); border-color: var(--pe-bad); }
    .nav .seen { background: var(--pe-head); }
    article.q { border: 1px solid var(--pe-border); border-radius: 12px; padding: .9rem 1rem; margin: .8rem 0; background: var(--pe-surface); }
    article.q h4 { display: flex; flex-wrap: wrap; gap: .3rem .6rem; align-items: baseline; }
    article.q h4:focus { outline: none; }
    article.q h4:focus-visible { outline: 3px solid var(--pe-focus); }
    .badge { font-size: .75em; font-weight: 600; padding: .05rem .5rem; border-radius: 99px; background: var(--pe-head); color: var(--pe-muted); white-space: nowrap; }
    .prompt { font-size: 1.02em; margin: .4rem 0 .7rem; white-space: pre-wrap; overflow-wrap: anywhere; }
    fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
    legend { font-weight: 600; font-size: .85em; color: var(--pe-muted); padding: 0; margin-bottom: .3rem; }
    .choice { display: flex; gap: .55rem; align-items: flex-start; padding: .45rem .6rem; margin: .25rem 0; border: 1px solid var(--pe-border); border-radius: 10px; cursor: pointer; overflow-wrap: anywhere; }
    .choice:hover { background: var(--pe-hover); }
    .choice input { margin-top: .3rem; flex: none; width: 1.1rem; height: 1.1rem; }
    .choice.right { border: 2px solid var(--pe-ok); background: var(--pe-ok-bg); }
    .choice.picked-wrong { border: 2px dashed var(--pe-bad); background: var(--pe-bad-bg); }
    .answer-row { display: flex; flex-wrap: wrap; gap: .4rem .6rem; align-items: center; }
    .answer-row input[type=text] { padding: .35rem .5rem; border: 1px solid var(--pe-border); border-radius: 8px; min-height: 2.3rem; width: min(16rem, 100%); font-variant-numeric: tabular-nums; background: var(--pe-bg); }
    .actions { display: flex; flex-wrap: wrap; gap: .45rem; margin-top: .7rem; }
    .hints { margin: .6rem 0 0; padding: .4rem .7rem; list-style: none; background: var(--pe-note-bg); border-radius: 8px; }
    .hints li { margin: .2rem 0; }
    .feedback { margin-top: .7rem; padding: .6rem .8rem; border-radius: 10px; border-left: 5px solid var(--pe-border); background: var(--pe-code-bg); overflow-wrap: anywhere; }
    .feedback.ok { border-left-color: var(--pe-ok); background: var(--pe-ok-bg); }
    .feedback.bad { border-left-color: var(--pe-bad); background: var(--pe-bad-bg); }
    .feedback.info { border-left-color: var(--pe-note-border); background: var(--pe-note-bg); }
    .feedback p { white-space: pre-line; }
    .feedback .verdict { font-weight: 700; margin: 0 0 .3rem; }
    .feedback .misc { margin: .4rem 0 0; font-size: .92em; }
    .feedback h5 { margin: .5rem 0 .2rem; font-size: .9em; }
    .linkish { background: none; border: 0; padding: 0; min-height: 0; color: var(--pe-link); text-decoration: underline; cursor: pointer; font-size: .9em; }
    .study table { font-size: .88em; }
    .study th, .study td { white-space: normal; text-align: left; vertical-align: top; min-width: 8rem; }
    .study tr.flash td, .study tr.flash th { background: var(--pe-highlight); }
    .study tr:focus { outline: 3px solid var(--pe-focus); outline-offset: -3px; }
    .result { border: 2px solid var(--pe-accent); border-radius: 12px; padding: .9rem 1rem; margin: .8rem 0; }
    .result h4:focus { outline: none; }
    .result ol { padding-left: 1.4rem; }
    .result li { margin: .25rem 0; overflow-wrap: anywhere; }
    .result li .linkish { text-align: start; font-size: 1em; text-decoration: underline; text-underline-offset: .15em; }
    .share-box { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .3rem 0; }
    .share-box input { flex: 1 1 14rem; min-width: 0; padding: .3rem .45rem; border: 1px solid var(--pe-border); border-radius: 8px; font-size: .85em; background: var(--pe-bg); }
    .mark { font-weight: 700; }
`;
