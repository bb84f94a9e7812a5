// The stylesheet belongs to the entry chunk so index.html links it and the first paint is styled.
import './styles/shell.css';

// Async boundary: the federation runtime negotiates shared modules before any app code runs.
void import('./bootstrap');
