import { useEffect, useState } from 'react';
import { type AboutInfo, api } from './api.ts';

export function About() {
  const [about, setAbout] = useState<AboutInfo>();
  useEffect(() => {
    void api.about().then(setAbout);
  }, []);
  return (
    <section>
      <h1>About Rapid</h1>
      <p>Rapid moves big files between your browser and a server, and keeps going when the tab closes.</p>
      <dl>
        <dt>Connect API level</dt>
        <dd data-testid="version">{about?.version ?? '…'}</dd>
        <dt>Local port</dt>
        <dd>{about?.http_port ?? '—'}</dd>
      </dl>
    </section>
  );
}
