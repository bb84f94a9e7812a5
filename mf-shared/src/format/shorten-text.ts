/**
 * Text cut to a length limit the way careful sites cut it: at the last word boundary that fits,
 * with «…» saying something was left out (schema.org's 110-character Article headline, say).
 * A word ends only at whitespace: the zero-width non-joiner (U+200C) inside «می‌شود» or «آهن‌آلات»
 * is part of the word, and a cut there would leave half a word that reads as a whole one.
 */
const ELLIPSIS = '…';
const WHITESPACE = /\s/;
// What a cut should not leave before its «…»: a space, or a comma, colon, dash… that led to the cut words.
const TRAILING_JOINERS = /[\s\u060C\u061B,;:\-–—]+$/u;

/** `text` whole when it fits in `max` characters; otherwise its longest run of whole words, plus «…», within `max`. */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  // The last whitespace at or before `room`: everything before it is whole words.
  let end = room;
  while (end > 0 && !WHITESPACE.test(text.charAt(end))) end--;
  const words = text.slice(0, end).replace(TRAILING_JOINERS, '');
  if (words) return words + ELLIPSIS;
  // One word longer than the room: cut it hard, but never between the halves of a surrogate pair.
  const hard = /[\uD800-\uDBFF]/.test(text.charAt(room - 1)) ? room - 1 : room;
  return text.slice(0, hard) + ELLIPSIS;
}
