// Number, size, time and date formatting for the UI, independent of the host's locale data.

/** 262412 -> "262,412". */
export function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 0.5 -> "50%", 0.9997 -> "99.97%", 1 -> "100%": the fewest decimals that keep a share
 *  short of the whole (or above none) from reading as 100% (or 0%). */
export function percent(x: number): string {
  if (x === 0 || x === 1) return `${x * 100}%`;
  for (let digits = 0; digits < 6; digits++) {
    const text = (100 * x).toFixed(digits);
    if (Number(text) !== 100 && Number(text) !== 0) return `${text}%`;
  }
  return `${(100 * x).toFixed(6)}%`;
}

/** 3041 -> "3.0K", 30416 -> "30K", 461184 -> "461K", 1.2e6 -> "1.2M". */
export function compact(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 1 : 0)}K`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Bytes in binary units: "512 B", "1.5 KB", "12 MB". */
export function bytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let u = 0;
  let v = n;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

/** Seconds -> "0.4 s", "45 s", "3 min 05 s", "1 h 02 min"; "—" when unknown. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  // a small model trains in under a second: "0 s" would say it did not train at all
  if (seconds < 9.95) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * An estimate's duration, no more precise than an estimate is: "under a second", "25 s",
 * "2 min 30 s" (to 10 s), "14 min", "1 h 05 min" (to 5 min); "—" when unknown.
 */
export function roughDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return 'under a second';
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  if (seconds < 595) {
    const tens = Math.round(seconds / 10);
    const m = Math.floor(tens / 6);
    return tens % 6 ? `${m} min ${(tens % 6) * 10} s` : `${m} min`;
  }
  if (seconds < 3570) return `${Math.round(seconds / 60)} min`;
  const fives = Math.round(seconds / 300);
  return `${Math.floor(fives / 12)} h ${String((fives % 12) * 5).padStart(2, '0')} min`;
}

/** An estimate's duration as a sentence says it: "about 25 s", "under a second" (not "about under a second"). */
export function aboutDuration(seconds: number): string {
  const rough = roughDuration(seconds);
  return rough === 'under a second' || rough === '—' ? rough : `about ${rough}`;
}

/** "about 25 s" -> "About 25 s": a phrase at the start of a sentence. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const COUNT_WORDS: Readonly<Record<number, string>> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five' };

/** A small count as a sentence writes it: 4 -> "four"; others in digits. */
export function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

/** Items as a sentence lists them: "Planner", "Wiring and Code", "Planner, Wiring or Code". */
export function listed(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** Milliseconds to three significant figures, the unit left to the caller: 0.0864 -> "0.086",
 *  4.271 -> "4.27", 42.71 -> "42.7", 427.1 -> "427", 1234.5 -> "1,235"; "—" when unknown. */
export function millis(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 0.9995) return ms.toFixed(3);
  if (ms < 9.995) return ms.toFixed(2);
  if (ms < 99.95) return ms.toFixed(1);
  return grouped(ms);
}

/** A loss to 3 decimals, or "—". */
export function loss(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(3);
}

/** ISO date -> "2025-03-14 09:26" in local time. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The message of anything thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
