import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/createApiClient';
import { App } from './App';
import './styles.css';
// After styles.css: the workbench's frame wins where both speak.
import './ui/workbench.css';

const api = createApiClient();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App api={api} />
  </StrictMode>,
);
