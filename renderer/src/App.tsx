import { AboutView } from './views/AboutView';

export function App() {
  return (
    <div className="app-shell">
      <nav className="sidebar" aria-label="Main">
        <div className="brand">Fax Desktop</div>
      </nav>
      <main className="content" id="main">
        <AboutView />
      </main>
    </div>
  );
}
