// Session time in the two formats the SCORM versions ask for.
//   scorm12Time(ms)   -> 'HHHH:MM:SS.SS' (CMITimespan)
//   iso8601Duration(ms) -> 'PT1H2M3.45S' (SCORM 2004 timeinterval, also xAPI result.duration)
export function scorm12Time(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.min(9999, Math.floor(cs / 360000));
  const m = Math.floor((cs % 360000) / 6000);
  const s = (cs % 6000) / 100;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
}

export function iso8601Duration(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = (cs % 6000) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${Number(s.toFixed(2))}S`;
}
