// A confidence and the threshold it was held to, as text: with as many decimals as the
// threshold needs (a threshold of 0.996 printed as "1.00" says nothing), and more while the
// two would print alike but are not (0.9957 against 0.996 is "0.9957 < 0.9960", never
// "0.996 < 0.996").

const MAX_DECIMALS = 6;

function decimalsOf(x: number): number {
  const text = String(x);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The confidence and the threshold, each written with the same number of decimals. */
export function confidenceText(confidence: number, threshold: number): { confidence: string; threshold: string } {
  let decimals = Math.min(MAX_DECIMALS, Math.max(2, decimalsOf(threshold)));
  while (decimals < MAX_DECIMALS && confidence !== threshold && confidence.toFixed(decimals) === threshold.toFixed(decimals)) decimals++;
  return { confidence: confidence.toFixed(decimals), threshold: threshold.toFixed(decimals) };
}
