// Async boundary: shared modules (react, react-dom) are negotiated before the app code runs.
void import('./harness-bootstrap');
