import type { Messages } from './messages-en.ts';

export const de: Messages = {
  region: 'Rapid einrichten',
  dismiss: 'Schließen',
  troubleshoot: 'Fehlerbehebung',
  'launching.heading': 'Rapid wird gestartet…',
  'launching.body': 'Rapid startet auf Ihrem Computer. Das dauert einige Sekunden.',
  'launching.get': 'Rapid noch nicht installiert? Jetzt holen',
  'download.heading': 'Installieren Sie Rapid, um große Dateien zu übertragen',
  'download.body':
    'Rapid überträgt große Dateien mit voller Geschwindigkeit und macht nach Verbindungsabbrüchen weiter.',
  'download.action': 'Rapid {version} herunterladen',
  'install.heading': 'Öffnen Sie das heruntergeladene Installationsprogramm',
  'install.body': 'Starten Sie es, folgen Sie den Schritten und kehren Sie dann zu dieser Seite zurück.',
  'install.done': 'Ich habe Rapid installiert',
  'install.how': 'Wie geht das?',
  'install.again': 'Erneut herunterladen',
  'install.steps': 'So installieren Sie Rapid',
  'install.step1': 'Öffnen Sie Ihren Download-Ordner.',
  'install.step2': 'Öffnen Sie die eben heruntergeladene Rapid-Installationsdatei.',
  'install.step3': 'Folgen Sie den Schritten der Installation und kehren Sie dann zu dieser Seite zurück.',
  'install.back': 'Zurück',
  'update.heading': 'Aktualisieren Sie Rapid, um fortzufahren',
  'update.body':
    'Diese Website benötigt eine neuere Version von Rapid. Laden Sie das Update herunter und führen Sie es aus.',
  'update.action': 'Update herunterladen',
  'continue.heading': 'Eine neuere Version von Rapid ist verfügbar',
  'continue.body': 'Sie können jetzt aktualisieren oder mit Ihrer aktuellen Version weitermachen.',
  'continue.action': 'Ohne Update fortfahren',
  'retry.heading': 'Rapid wurde nicht gestartet',
  'retry.body': 'Prüfen Sie, ob Rapid installiert ist, und versuchen Sie es erneut.',
  'retry.action': 'Erneut versuchen',
  'extension.heading': 'Fügen Sie Ihrem Browser die Rapid-Erweiterung hinzu',
  'extension.body':
    'Damit erreicht diese Seite Rapid auf Ihrem Computer. Danach lädt die Seite von selbst neu.',
  'extension.action': 'Erweiterung hinzufügen',
  'extension.refresh': 'Seite neu laden',
  'unsupported.heading': 'Dieser Browser oder dieses System wird nicht unterstützt',
  'unsupported.body':
    'Rapid funktioniert mit aktuellen Versionen von Chrome, Edge, Firefox und Chromium unter Windows, macOS und Linux.',
  'running.heading': 'Rapid ist bereit',
  'running.body': 'Sie können jetzt Dateien übertragen.',
  'ts.title': 'Fehlerbehebung für Rapid',
  'ts.intro': 'Diese Seite prüft, was Rapid in diesem Browser benötigt.',
  'ts.checking': 'Wird geprüft…',
  'ts.browser.ok': 'Dieser Browser wird unterstützt.',
  'ts.browser.no':
    'Dieser Browser wird nicht unterstützt: Verwenden Sie ein aktuelles Chrome, Edge, Firefox oder Chromium.',
  'ts.extension.ok': 'Die Rapid-Erweiterung ist aktiv.',
  'ts.extension.no':
    'Die Rapid-Erweiterung ist in diesem Browser nicht aktiv. Fügen Sie sie hinzu und laden Sie diese Seite neu.',
  'ts.client.ok': 'Der Rapid-Client antwortet (Version {version}).',
  'ts.client.no':
    'Der Rapid-Client antwortet nicht. Installieren oder starten Sie ihn neu und laden Sie diese Seite neu.',
  'ts.downloads': 'Zum Herunterladen',
  'ts.back': 'Zurück zur vorherigen Seite',
};
