// Async boundary: shared modules (react, react-dom) are negotiated before the app code runs.
import('./harness-bootstrap');
