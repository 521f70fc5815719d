import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import './styles.css';

// Our CSP has no 'unsafe-eval', so zod must neither probe for eval (a CSP violation each time) nor
// compile parsers with it. zod reads its settings from this global when it loads (lazily, in a
// later chunk); importing its config() here instead would put zod's core in the landing bundle.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
