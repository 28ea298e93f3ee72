// Why people want a step, said after the request in words about its effect (issue 51): "median
// filter the trace to knock the spikes out", "a running total of reading minutes so the kids can
// watch their progress". On the development files (typed-32 .. typed-35, Reader 1's greedy
// answers) such a clause was the commonest source of a step too many: "... so the smallest and
// biggest line up with the ends of our chart scale" read as minmax_normalize|unit_std|argmax,
// "... to knock the spikes out" as median_filter twice. Unlike an aside (asides.ts), a purpose
// speaks of what the step does, so its words are near the step's own; a Planner corpus with the
// option `purposes` (corpus/compose.ts; `organelle corpus compose --purposes N`) adds one to some
// intents, of one of their steps (an unknown concept's: of any step), so that such words beside
// a request are read as the reason for it, not as one more step.
//
// Written by hand (two helpers, session 62) from the primitive table's names, signatures and
// summaries alone, four a step, under rules the test keeps (tests/compose/purposes.test.ts): no
// number, no primitive's name, none of the words that name an operation of the library.
import type { Rng } from '../../games/rng.ts';

export const PURPOSES: Readonly<Record<string, readonly string[]>> = {
  mean: ['so i know where the readings usually sit', 'because the class wants a simple figure for the week', "to compare this batch with last year's", "i'm trying to see the typical level of the sensor"],
  variance: ['so i can tell how spread out the scores are', 'because i want to know how jumpy the machine is', 'i need to check whether the readings scatter a lot', '- want to see how consistent the batches are'],
  stddev: ['so i know how far values usually stray', 'to get a feel for the spread in the same units', 'because the teacher asked how consistent the marks are', "i'm trying to judge how noisy the sensor is"],
  median: ["so a few wild readings don't pull the answer", 'because a couple of huge salaries skew things', 'i want to know where the middle student landed', "since the data has outliers i can't trust"],
  percentile: ['so i know the level most days stay under', 'because we plan capacity for the busy hours', 'i need to see where the slow requests begin', 'to set an alarm level that rarely trips'],
  minimum: ['so i know the coldest night of the month', 'because the battery must never dip too low', "i'm trying to find the worst score in the class", 'to check the tank never ran dry'],
  maximum: ['so i know the hottest it got', 'because the beam must not exceed its rated load', 'i want to see the highest peak of the day', 'to check nothing went over the safety limit'],
  total: ['so i know how much rain fell this month', 'because the budget has to cover every expense', 'i need to report the whole amount sold', 'to see how far i walked all week'],
  value_range: ['so i know how far apart the extremes are', 'because i want the swing from low to high', 'to see how much the temperature varied in a day', "i'm trying to size the chart's vertical axis"],
  rms: ['so i know the effective level of the vibration', 'because the signal swings both ways around the middle', 'to compare how loud the recordings are', "i need to rate the heater's effective current"],
  energy: ['so i know how strong the burst was', 'because louder recordings should weigh more', 'to compare how much power each trial carried', 'i want to see which segment packs the most punch'],
  mean_abs: ["so the ups and downs don't cancel out", 'because i care about how far off, not which way', 'to get the typical size of the errors', "i'm trying to see how big the swings usually are"],
  argmax: ['so i know when the peak happened', 'because i need the day sales were highest', 'to find where along the trace the spike sits', 'i want to know which sample was the loudest'],
  argmin: ['so i know when the dip bottomed out', 'because i want the night it got coldest', 'to find where the trough is in the trace', "i'm trying to see which day the stock hit bottom"],
  count_above: ['so i know how often it ran too hot', 'because i need the days we beat the target', 'to check how frequently the alarm would trip', "i'm trying to gauge how common the big days are"],
  rolling_mean: ['so i can see the overall trend through the jitter', 'because the daily figures jump around too much', 'to calm the wiggles before i plot it', 'i want to see the weekly rhythm without the noise'],
  median_filter: ['to knock out the spikes from the bad contacts', 'so lone glitches vanish but edges stay sharp', 'because the sensor throws random spikes', "i'm trying to get rid of the dropouts"],
  rolling_max: ['so i can see the envelope of the peaks', 'because i care about the worst load lately', 'to track the highest recent reading', 'i want to see the upper edge of the swings'],
  rolling_min: ['so i can see the floor under the noise', 'because i want the baseline the dips reach', 'to track the lowest recent level', "i'm trying to find the lower envelope of the trace"],
  rolling_std: ['so i can see when things get jumpy', 'because the volatility changes over time', 'to spot stretches where the noise grows', 'i need to watch the local spread of the signal'],
  ema: ['so recent readings weigh more than old ones', 'because i want a trend that reacts quickly', 'to follow the price without much lag', "i'm trying to track the level as it drifts"],
  lowpass: ['so the fast jitter goes away', "because there's high pitched hiss on the line", 'to keep the slow trend and drop the noise', 'i want to see the slow swell under the chatter'],
  highpass: ['so the slow drift goes away', 'because the baseline keeps wandering', 'to keep only the quick wiggles', 'i need to get rid of the temperature drift'],
  bandpass: ['so only the rhythm i care about is left', 'because both drift and hiss are in the way', 'to pick out the heartbeat from the mess', "i'm trying to isolate the breathing cycle"],
  gaussian_smooth: ['so the curve looks soft and clean', 'because the jagged edges distract the students', 'to take the noise off without shifting peaks', 'i want to show a gentle curve in the report'],
  diff_forward: ['so i can see how much it changed each day', 'because the step from reading to reading matters', 'to turn the levels into day to day changes', 'i want to see the jumps between samples'],
  diff_central: ['so i know how fast it is rising at each point', 'because i want the slope without a lag', 'to get the speed from the positions', "i'm trying to see where it climbs the steepest"],
  second_difference: ['so i can see where the curve bends', 'because i want the acceleration from positions', 'to find the corners in the trace', 'i need to spot where the slope changes suddenly'],
  cumsum: ['so the kids can watch their progress grow', 'because i want to see the balance over time', 'to see how the savings build up', "i'm trying to see how far we've come by each day"],
  running_max: ['so i can see the record high so far', 'because i want the best score up to each week', 'to track the peak the stock has reached to date', 'i want to see the high water mark at each point'],
  running_min: ['so i can see the lowest it has dropped so far', 'because i want the record low up to each day', 'to track the best lap time as the race goes on', 'i need to see the deepest dip to date'],
  trapezoid: ['so i know how much water flowed through', 'because i want how far it went from the speeds', 'to get the whole dose from the rate curve', "i'm trying to see how much fuel was burned"],
  cumulative_trapezoid: ['so i can see how far it has gone over time', 'because i want the position from the velocity', 'to watch the volume in the tank build up', 'i need to see how the dose builds hour by hour'],
  zscore: ['so i can tell how unusual each reading is', 'because the tests are marked on unlike scales', 'to compare students across separate exams', "i'm trying to put both sensors on equal footing"],
  minmax_normalize: ['so the smallest and biggest line up with the chart ends', 'because the plot needs everything from bottom to top', 'to compare shapes that live on unlike scales', 'i want to feed a model that expects a unit range'],
  clamp: ['so the wild readings stop wrecking the plot', "because the actuator can't go past its limits", 'to keep the values inside the safe band', 'i need to cap the outliers without dropping them'],
  demean: ['so the signal sits around the middle line', 'because the constant shift hides the wiggles', 'to take out the constant bias', 'i want to see the ups and downs around the center'],
  unit_std: ['so the spread is comparable between sensors', 'because the loud channels drown the quiet ones', 'to put the noise levels on a common footing', "i'm trying to match the jitter of both recordings"],
  normalize_sum: ['so the values read as shares of the whole', 'because i want probabilities i can compare', "to see each category's slice of the pie", 'i need to show proportions in the stacked chart'],
  l2_normalize: ['so only the shape matters, not the size', 'because i compare the direction of the vectors', 'to make loud and quiet takes look alike', 'i want to give every profile unit length'],
  robust_scale: ["so a few outliers don't wreck the comparison", 'because the data has wild spikes', 'to compare channels without the extremes taking over', "i'm trying to line up the sensors despite glitches"],
  downsample: ["so the plot isn't so crowded", 'because the file is far too big to send', "to match the slower sensor's rate", 'i want to get a quick preview with fewer points'],
  upsample: ['so the curve looks less jagged on the plot', 'because it has to line up with the faster stream', 'to fill in the gaps between readings', 'i need to match the other track point for point'],
  block_mean: ['so each hour gets its own typical value', 'because the raw data is too busy to read', 'to get weekly figures out of the daily ones', "i'm trying to shrink the data and calm the noise"],
  reverse: ['so the latest readings come up front', 'because the file was recorded backwards', 'to play the sound backwards', 'i want to read it from newest to oldest'],
  dft_magnitude: ['so i can see which rhythms are strongest', "because i suspect a hum hiding under the noise", 'to find out what cycles the vibration is made of', "i'm trying to spot the repeating patterns in the signal"],
  dft_phase: ['so i know where each cycle starts in time', "because i need when each wave starts, not its strength", 'to check whether the tones are lined up', "i want to see how the waves are shifted against each other"],
  power_spectrum: ['so i can see where the power sits across pitches', "because the strong rhythms stand out more this way", 'to find which cycles carry the power in the vibration', "i'm trying to see if the hum stands out above the hiss"],
  dominant_frequency: ['so i know how fast the thing repeats', "because i want the main rhythm of the heartbeat trace", 'to find the strongest cycle in the tide data', "i need to know the pitch of the motor whine"],
  hann_window: ['so the ends fade out and do not jump', "because the hard edges smear the peaks later on", 'to taper the edges before i look for cycles', "i want the ends to ease down gently"],
  hamming_window: ['so the edges taper off without going fully quiet', "because the sharp ends smear the tones together", 'to cut the leakage from the abrupt start and end', "i'm trying to keep nearby peaks from bleeding together"],
  blackman_window: ['so the leakage is as low as it gets', "because a faint tone hides next to a loud hum", 'to keep loud peaks from drowning out faint bumps', "i need the edges to fade out really gently"],
  bartlett_window: ['so the samples taper like a triangle toward the ends', "because the middle matters most and the edges least", 'to fade the ends in a simple straight line', "i want the edges weighted down so they stop jumping"],
  vec_add: ['so both channels combine into a single trace', "because the readings from both sensors belong together", 'to put the trend back on top of the residual', "i want to see the combined load of both machines"],
  vec_sub: ['so the background drift is taken out', "because i want to see how far i sit from the baseline", 'to remove the reference trace from the signal', "i'm trying to see the gap between forecast and actual"],
  vec_mul: ['so the quiet parts are masked out by the gate', "because i want revenue from price and units sold", 'to apply the gain curve sample by sample', "i need to mask off the bad stretches"],
  dot: ['so i get the overall weighted score', "because each grade has its own weight", 'to see how much the patterns line up', "i want the bill from prices and quantities"],
  distance: ['so i know how far apart the profiles are', "because i want to see which day looks most like today", 'to check how closely my run matches the reference', "i'm trying to find how far off the prediction was"],
  correlation: ['so i see if the temperature and sales move together', "because i suspect the sensors track each other", 'to check whether study time lines up with grades', "i want to know if more rain goes with fewer sales"],
  scale: ['so the readings come out in the right units', "because the gain on the sensor was set too low", 'to make the tiny wiggles big enough to see', "i need to convert the volts into actual pressure"],
  offset: ['so the baseline sits where it should', "because the sensor reads a bit low all the time", 'to shift the curve up out of the negatives', "i want to correct the calibration error"],
  abs_values: ['so drops and rises both show as plain size', "because i only care how big the swings are", 'to get rid of the negative signs', "i'm trying to see the strength regardless of direction"],
  negate: ['so the dips turn into peaks', "because the sensor is wired backwards", 'to make losses read as gains on the chart', "i want the downward spikes pointing up"],
  square: ['so the big swings stand out much more', "because i want the power, not the amplitude", 'to get rid of the negative signs and stress big values', "i need the power of each sample"],
  relu: ['so negative readings are dropped to nothing', "because only the positive part matters", 'to throw away the values below the baseline', "i want to keep only the gains and ignore the losses"],
  leaky_relu: ['so negatives shrink but do not vanish entirely', "because i still want a hint of the dips", 'to keep a small trace of the negative side', "i'm trying to damp the losses without losing them"],
  sigmoid: ['so the scores turn into probabilities', "because i want the scores squashed into a tidy range", 'to get a yes or no likelihood for each reading', "i need the values bounded so the outliers calm down"],
  tanh_values: ['so the extreme values get squashed', "because big outliers were swamping the chart", 'to keep everything bounded but keep the sign', "i want large swings tamed while small bumps stay"],
  softplus: ['so everything stays positive but bends gently', "because a hard cutoff at the bottom looks wrong", 'to keep the values positive without a sharp corner', "i'm trying to get rates that can never go negative"],
  softmax: ['so the scores become probabilities', "because i want the shares to add up to a whole", 'to turn the raw scores into chances for each class', "i need to see which option is most likely"],
  zero_crossings: ['so i can tell how often the signal flips sign', "because frequent sign flips suggest noise", 'to get a rough feel for how fast it oscillates', "i want to know how often the balance goes negative"],
  peak_count: ['so i know how many bumps there were', "because i want to see how often demand spikes", 'to check how many breaths the patient took', "i'm trying to see how busy the signal is with peaks"],
  local_maxima: ['so i know where the peaks sit in time', "because i want to mark each high point on the chart", 'to find when the traffic hit its highs', "i need the positions of the bumps for the report"],
  threshold: ['so i can see when it was above the limit', "because i only care whether the alarm level was crossed", 'to turn the readings into simple on or off', "i want a clear yes or no for each hour"],
  outlier_flags: ['so the weird readings are marked', "because some glitches look way off from the rest", 'to find the days that look suspicious', "i need to know which samples to recheck"],
  autocorrelation: ['so i can see whether the pattern repeats', "because i suspect there is a weekly rhythm", 'to find the echo delay in the recording', "i'm trying to see how long the memory of the series lasts"],
};

/** How a purpose follows the request: most often straight on, else after a comma or a dash. */
const JOINS: readonly string[] = [' ', ' ', ' ', ', ', ' - '];

/** `text` with a purpose of `step` after it. */
export function withPurpose(text: string, step: string, rng: Rng): string {
  const purposes = PURPOSES[step];
  if (purposes === undefined) throw new Error(`no purposes for "${step}"`);
  const purpose = rng.pick(purposes);
  return `${text}${purpose.startsWith('- ') ? ' ' : rng.pick(JOINS)}${purpose}`;
}
