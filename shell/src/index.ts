// The stylesheet belongs to the entry chunk so index.html links it and the first paint is styled.
import './styles/shell.css';
import { listenForPageLoad } from './features/third-parties/page-load-time';

// Heard now, before the event: the chat's delay counts from it, and the code below starts later.
listenForPageLoad();

/**
 * Async boundary: the federation runtime negotiates shared modules before any app code runs.
 *
 * Started once the browser has painted a frame (a task after the next animation frame), so a
 * server-rendered page is on screen before the shell's chunks are fetched and run: otherwise a long
 * page's first paint can wait for them, and its largest paint with it. The timer is the bound for a
 * tab in the background, where animation frames do not come.
 */
let booted = false;
const boot = () => {
  if (booted) return;
  booted = true;
  void import('./bootstrap');
};
requestAnimationFrame(() => setTimeout(boot, 0));
setTimeout(boot, 100);
