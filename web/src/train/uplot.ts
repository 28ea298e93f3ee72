// uPlot and its stylesheet, imported by LossChart.svelte only when it draws its first chart:
// they are about an eighth of the app's script, and most visits never see a loss curve.
// The service worker precaches the chunk like the rest, so charts draw offline too.
import 'uplot/dist/uPlot.min.css';

export { default } from 'uplot';
